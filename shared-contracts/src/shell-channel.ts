import type { RemoteWidgetId } from './remote-contract.js';

/**
 * What travels on the shell channel: the one way a remote asks the shell for shell-owned things
 * (toasts, page title and description, another remote's widget, the report of a widget that
 * failed). It is a typed DOM event channel rather than a shared module so that a remote built and
 * released on its own schedule needs no matching shell build, and a remote running standalone
 * still works. The events are sent and heard by the shared UI layer (`@party/shared-ui`).
 */

export const toastVariants = ['default', 'destructive'] as const;
export type ToastVariant = (typeof toastVariants)[number];

export interface ToastRequest {
  title?: string;
  description: string;
  variant?: ToastVariant;
  /** Milliseconds on screen; the shell's default applies when absent. */
  duration?: number;
}

export interface PageMeta {
  title: string;
  description: string;
  /** `article` for a news article, with its publication time; `website` by default. */
  type?: 'website' | 'article';
  /** ISO 8601, for an article. */
  publishedTime?: string;
  /** The link-preview image, as a URL the browser can fetch; the party's card by default. */
  image?: string;
  /** schema.org JSON-LD describing the page for search engines (NewsArticle, Event…). */
  structuredData?: Record<string, unknown>;
  /** Kept out of search engines: a page opened from a personal link (an email's). */
  noindex?: boolean;
  /** 404 for a page of a route that names nothing (an unknown article or event). */
  status?: 200 | 404;
}

export interface RemoteWidgetRequest {
  id: RemoteWidgetId;
  /** The shell answers with the loading module; an unanswered request fails at once. */
  respond: (module: Promise<unknown>) => void;
}

export interface WidgetFailure {
  id: RemoteWidgetId;
  error: unknown;
}

/** The channel's DOM event types, with what each carries. */
export interface ShellChannelEvents {
  'party:toast': ToastRequest;
  'party:page-meta': PageMeta;
  'party:load-widget': RemoteWidgetRequest;
  'party:widget-failed': WidgetFailure;
}
