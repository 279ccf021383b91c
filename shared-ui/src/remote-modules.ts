import type { ComponentType } from 'react';

/** What an exposed page module looks like at runtime. */
export interface RemotePageModule {
  default: ComponentType;
}

/**
 * A remote's server build (`dist/server/server.js`): its pages and widgets for the page renderer,
 * the public paths it serves for the sitemap, and where the browser finds its assets.
 */
export interface RemoteServerBundle {
  loadPage(page: string): Promise<{ default: ComponentType }>;
  loadWidget(widget: string): Promise<{ default: ComponentType<never> }>;
  publicPaths(): string[];
  setAssetBase(url: string): void;
}
