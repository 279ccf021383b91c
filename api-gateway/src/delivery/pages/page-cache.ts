import type { PageData } from '@party/shared-contracts';

/** Data read for one page, and a key that changes whenever it does (a hash). */
export interface KeyedPageData {
  key: string;
  data: PageData;
}

/** Pages kept per snapshot; a search with endless spellings must not fill memory. */
const CACHED_PAGES = 2_000;
/** Longer URLs are rendered each time: they are searches, not pages people share. */
const CACHEABLE_URL_CHARS = 300;

/** Where a page is kept: its origin, its URL, and the data it was rendered with. */
export const pageKey = (origin: string, url: string, data: KeyedPageData | null = null) =>
  `${origin}${url}${data ? `#${data.key}` : ''}`;

/**
 * The pages of one registry snapshot, ready to send, by pageKey: at most `capacity`, the oldest
 * going first. A render asked for twice at once runs once (`once`): a request and the warm-up
 * never render one page side by side.
 */
export function pageCache<Page>(capacity = CACHED_PAGES) {
  const pages = new Map<string, Page>();
  const rendering = new Map<string, Promise<Page>>();
  return {
    get: (key: string): Page | undefined => pages.get(key),
    has: (key: string): boolean => pages.has(key),
    /** Keeps a page, unless its URL is too long to be worth it. */
    remember(key: string, url: string, page: Page): void {
      if (url.length > CACHEABLE_URL_CHARS) return;
      if (pages.size >= capacity && !pages.has(key)) pages.delete(pages.keys().next().value as string);
      pages.set(key, page);
    },
    /** The render under way for `key`, or `render()` started now. */
    once(key: string, render: () => Promise<Page>): Promise<Page> {
      let under = rendering.get(key);
      if (!under) {
        under = render().finally(() => rendering.delete(key));
        rendering.set(key, under);
      }
      return under;
    },
  };
}

export type PageCache<Page> = ReturnType<typeof pageCache<Page>>;
