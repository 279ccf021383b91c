import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** Whether the server wrote this stylesheet into the page (named as its build names it: static/css/…). */
const inPage = (url: string) =>
  [...document.querySelectorAll<HTMLStyleElement>('style[data-href]')].some((style) =>
    new URL(url, document.baseURI).pathname.endsWith(`/${style.dataset.href}`),
  );

/**
 * A Module Federation runtime plugin for remote modules' stylesheets. As a module loads, the runtime
 * fetches its files ahead from the remote's manifest and would add each stylesheet as a `<link>`
 * that stays, while the remote's own CSS loader adds it too, when the module needs it (or finds the
 * copy the server wrote into the page). So the runtime only fetches a stylesheet ahead (a preload:
 * the loader's `<link>` then finds it downloaded), and not at all one the page already has: one
 * request at most, and every rule applied once.
 */
export function stylesheetPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'party-stylesheets',
    beforePreloadRemote({ preloadOps }) {
      for (const preload of preloadOps) {
        const keep = preload.filter;
        preload.filter = (url) => !inPage(url) && (keep?.(url) ?? true);
      }
    },
    createLink({ url, attrs }) {
      if (attrs?.rel !== 'stylesheet') return undefined;
      const preload = document.createElement('link');
      for (const [name, value] of Object.entries({ rel: 'preload', as: 'style', href: url }))
        preload.setAttribute(name, value);
      return preload;
    },
  };
}
