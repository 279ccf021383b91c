import { useEffect } from 'react';
import { declarePageMeta, type PageMeta } from '@party/shared-contracts';
import { setPageMeta } from './shell-channel.js';

/**
 * Tells the shell this page's title, description, preview and status: during a server render at
 * once (for the document's head), in the browser once the page is shown.
 */
export function usePageMeta(meta: PageMeta) {
  declarePageMeta(meta);
  const key = JSON.stringify(meta);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key is the meta's content
  useEffect(() => setPageMeta(meta), [key]);
}
