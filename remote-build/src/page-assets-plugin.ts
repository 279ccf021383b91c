import type { RsbuildPlugin } from '@rsbuild/core';
import { PAGE_ASSETS_FILE, type PageAssets } from '@party/shared-contracts';

type Tag = { tag: string; attrs?: Record<string, string | boolean | null | undefined>; children?: string };

const isEntryScript = (tag: Tag) => tag.tag === 'script' && typeof tag.attrs?.src === 'string';
const isStylesheet = (tag: Tag) =>
  tag.tag === 'link' && tag.attrs?.rel === 'stylesheet' && typeof tag.attrs.href === 'string';
/** Each page has its own, written by the gateway. */
const isPerPage = (tag: Tag) => tag.tag === 'title' || (tag.tag === 'meta' && tag.attrs?.name === 'description');

/**
 * The shell's page and its inline scripts (`inlineScripts`, in the order they run). A production
 * build lists what the page loads in page-assets.json (pageAssetsSchema) and leaves it, with the
 * title and description, out of index.html, which keeps the document and its static head: the
 * gateway composes every page from both without reading HTML. The dev server's page gets its
 * inline scripts in its head and keeps everything else.
 */
export function pluginPageAssets({
  command,
  inlineScripts,
}: {
  command: 'build' | 'dev' | string;
  inlineScripts: readonly string[];
}): RsbuildPlugin {
  return {
    name: 'party:page-assets',
    setup(api) {
      api.modifyHTMLTags({
        // After every plugin has added its tags.
        order: 'post',
        handler: ({ headTags, bodyTags }, { compilation, compiler }) => {
          if (command !== 'build')
            return {
              headTags: [...headTags, ...inlineScripts.map((children) => ({ tag: 'script', children }))],
              bodyTags,
            };
          const tags: Tag[] = [...headTags, ...bodyTags];
          const assets: PageAssets = {
            scripts: tags.filter(isEntryScript).map((tag) => String(tag.attrs?.src)),
            stylesheets: tags.filter(isStylesheet).map((tag) => String(tag.attrs?.href)),
            inlineScripts: [...inlineScripts],
          };
          compilation.emitAsset(
            PAGE_ASSETS_FILE,
            new compiler.webpack.sources.RawSource(`${JSON.stringify(assets, null, 2)}\n`),
          );
          const kept = (tag: Tag) => !isEntryScript(tag) && !isStylesheet(tag) && !isPerPage(tag);
          return { headTags: headTags.filter(kept), bodyTags: bodyTags.filter(kept) };
        },
      });
    },
  };
}
