/** @jest-environment node */
import type { RsbuildPluginAPI } from '@rsbuild/core';
import { PAGE_ASSETS_FILE, pageAssetsSchema } from '@party/shared-contracts';
import { pluginPageAssets } from './page-assets-plugin.js';

type Handler = (tags: { headTags: Tag[]; bodyTags: Tag[] }, context: unknown) => { headTags: Tag[]; bodyTags: Tag[] };
type Tag = { tag: string; attrs?: Record<string, string | boolean>; children?: string };

/** The plugin's HTML hook, as Rsbuild would call it, with the files it emits. */
function htmlHook(command: 'build' | 'dev') {
  let registered: { handler: Handler; order: string } | undefined;
  const api = {
    modifyHTMLTags: (hook: { handler: Handler; order: string }) => (registered = hook),
  } as unknown as RsbuildPluginAPI;
  void pluginPageAssets({ command, inlineScripts: ['window.guard=1', 'window.loader=1'] }).setup(api);
  const emitted = new Map<string, string>();
  class RawSource {
    constructor(readonly text: string) {}
  }
  const context = {
    compilation: { emitAsset: (name: string, source: RawSource) => emitted.set(name, source.text) },
    compiler: { webpack: { sources: { RawSource } } },
  };
  return {
    order: registered?.order,
    run: (tags: { headTags: Tag[]; bodyTags: Tag[] }) => registered!.handler(tags, context),
    emitted,
  };
}

describe('the page assets of a shell build', () => {
  it('lists the entry scripts, stylesheets and inline scripts in a build, and leaves them and the per-page tags out of the HTML', () => {
    const hook = htmlHook('build');
    const theme = { tag: 'meta', attrs: { name: 'theme-color', content: '#1f3c88' } };
    const tags = hook.run({
      headTags: [
        { tag: 'title', children: 'The Refoundation Party' },
        { tag: 'meta', attrs: { name: 'description', content: 'default' } },
        theme,
        { tag: 'script', attrs: { defer: true, src: '/static/js/lib-react.1.js' } },
        { tag: 'script', attrs: { defer: true, src: '/static/js/index.2.js' } },
        { tag: 'link', attrs: { href: '/static/css/index.3.css', rel: 'stylesheet' } },
      ],
      bodyTags: [],
    });
    expect(hook.order).toBe('post');
    expect(tags).toEqual({ headTags: [theme], bodyTags: [] });
    const written = pageAssetsSchema.parse(JSON.parse(hook.emitted.get(PAGE_ASSETS_FILE) ?? 'null'));
    expect(written).toEqual({
      scripts: ['/static/js/lib-react.1.js', '/static/js/index.2.js'],
      stylesheets: ['/static/css/index.3.css'],
      inlineScripts: ['window.guard=1', 'window.loader=1'],
    });
  });

  it('puts the inline scripts into the dev server’s page, after its own tags, and lists nothing', () => {
    const hook = htmlHook('dev');
    const entry = { tag: 'script', attrs: { defer: true, src: '/static/js/index.js' } };
    expect(hook.run({ headTags: [entry], bodyTags: [] })).toEqual({
      headTags: [entry, { tag: 'script', children: 'window.guard=1' }, { tag: 'script', children: 'window.loader=1' }],
      bodyTags: [],
    });
    expect(hook.emitted.size).toBe(0);
  });
});
