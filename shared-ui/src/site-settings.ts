import {
  PAGE_DATA_ELEMENT_ID,
  serverPageData,
  serverSiteSettings,
  SITE_SETTINGS_ELEMENT_ID,
  type PageData,
  type SiteSettings,
} from '@party/shared-contracts';

let documentSettings: SiteSettings | null | undefined;

const fromDocument = <T>(id: string): T | null => {
  const text = typeof document === 'undefined' ? null : document.getElementById(id)?.textContent;
  return text ? (JSON.parse(text) as T) : null;
};

/**
 * The gateway's site settings: during a server render, those the renderer was given; in a browser,
 * those in the page's HTML (read once). Null where there are none (a remote's standalone harness,
 * the dev servers' pages): a page then asks the gateway.
 */
export function siteSettings(): SiteSettings | null {
  const rendering = serverSiteSettings();
  if (rendering !== undefined) return rendering;
  documentSettings ??= fromDocument<SiteSettings>(SITE_SETTINGS_ELEMENT_ID);
  return documentSettings;
}

/**
 * The data the gateway rendered the page with: during a server render, the renderer's; in a
 * browser, what the page's HTML holds. Read when asked: a page navigated to in the browser finds
 * the data of the page the visit began on, which is why a page checks that it holds what it needs.
 */
export function pageData(): PageData | null {
  const rendering = serverPageData();
  return rendering !== undefined ? rendering : fromDocument<PageData>(PAGE_DATA_ELEMENT_ID);
}
