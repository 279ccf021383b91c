import { serverSiteSettings, SITE_SETTINGS_ELEMENT_ID, type SiteSettings } from '../index.js';

let documentSettings: SiteSettings | null | undefined;

/**
 * The gateway's site settings: during a server render, those the renderer was given; in a browser,
 * those in the page's HTML (read once). Null where there are none (a remote's standalone harness,
 * the dev servers' pages): a page then asks the gateway.
 */
export function siteSettings(): SiteSettings | null {
  const rendering = serverSiteSettings();
  if (rendering !== undefined) return rendering;
  if (typeof document === 'undefined') return null;
  if (documentSettings === undefined) {
    const text = document.getElementById(SITE_SETTINGS_ELEMENT_ID)?.textContent;
    documentSettings = text ? (JSON.parse(text) as SiteSettings) : null;
  }
  return documentSettings;
}
