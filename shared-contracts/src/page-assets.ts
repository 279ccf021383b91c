import { z } from 'zod';

/** The file a production build of the shell writes beside its index.html, for the gateway. */
export const PAGE_ASSETS_FILE = 'page-assets.json';

/**
 * What the shell's page loads, as its build lists it: the gateway composes every page from the
 * shell's index.html (the document and its static head) and this, and reads no HTML for it.
 */
export const pageAssetsSchema = z.object({
  /** The entry scripts, in order, under the build's asset prefix. */
  scripts: z.array(z.string().min(1)),
  /** The stylesheets, in order. */
  stylesheets: z.array(z.string().min(1)),
  /** The text of each inline script of the head, in order: a page's policy allows them by hash. */
  inlineScripts: z.array(z.string()),
});

export type PageAssets = z.infer<typeof pageAssetsSchema>;
