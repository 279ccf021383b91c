import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

declare global {
  interface Window {
    /** The remotes' manifests the page's loader began fetching (index.html), by URL, until the runtime takes them. */
    partyManifests?: Record<string, Promise<Response>>;
  }
}

const absolute = (url: string) => new URL(url, document.baseURI).href;

/**
 * A Module Federation runtime plugin: the runtime gets a remote's manifest from the fetch the page's
 * loader started as soon as the page was painted, rather than fetching it again. A preload link
 * would do the same in Chromium and Firefox, but WebKit never reuses an `as=fetch` preload for
 * fetch(): every iPhone paid one more request per remote. Each early fetch is taken once (a body is
 * read once); a later load of the same manifest fetches it anew.
 */
export function earlyManifestPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'party-early-manifests',
    fetch(manifestUrl) {
      const early = window.partyManifests;
      const url = early && Object.keys(early).find((candidate) => absolute(candidate) === absolute(manifestUrl));
      if (!early || !url) return undefined;
      const response = early[url];
      delete early[url];
      return response;
    },
  };
}
