import { createHash } from 'node:crypto';
import type { PageData } from '@party/shared-contracts';

/**
 * A page's data with the key the page cache files its rendering under: the data's hash, so that
 * the cache holds one rendering per state of what the page shows (a ledger's figures, an event).
 */
export const keyedPageData = (data: PageData): { key: string; data: PageData } => ({
  key: createHash('sha256').update(JSON.stringify(data)).digest('base64url').slice(0, 16),
  data,
});
