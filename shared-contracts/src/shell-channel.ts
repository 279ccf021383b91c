import type { ComponentType } from 'react';
import type { RemoteWidgetId, RemoteWidgets } from './remote-contract.js';
import { alreadyLoaded, serverWidget } from './server-render.js';

/**
 * The one way a remote asks the shell for shell-owned things (toasts, page title and description,
 * another remote's widget, the report of a widget that failed).
 * It is a typed DOM event channel rather than a shared module so that a remote built and released
 * on its own schedule needs no matching shell build, and a remote running standalone still works.
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

const TOAST_EVENT = 'party:toast';
const PAGE_META_EVENT = 'party:page-meta';
const WIDGET_EVENT = 'party:load-widget';
const WIDGET_FAILURE_EVENT = 'party:widget-failed';

function publish<T>(type: string, detail: T): void {
  window.dispatchEvent(new CustomEvent<T>(type, { detail }));
}

function subscribe<T>(type: string, handler: (detail: T) => void): () => void {
  const listener = (event: Event) => handler((event as CustomEvent<T>).detail);
  window.addEventListener(type, listener);
  return () => window.removeEventListener(type, listener);
}

/** Shows a toast in the shell's notification region. */
export function raiseToast(toast: ToastRequest): void {
  publish(TOAST_EVENT, toast);
}

export function onToastRaised(handler: (toast: ToastRequest) => void): () => void {
  return subscribe(TOAST_EVENT, handler);
}

/** Sets the document title and meta description of the page being shown. */
export function setPageMeta(meta: PageMeta): void {
  publish(PAGE_META_EVENT, meta);
}

export function onPageMetaSet(handler: (meta: PageMeta) => void): () => void {
  return subscribe(PAGE_META_EVENT, handler);
}

export interface RemoteWidgetRequest {
  id: RemoteWidgetId;
  /** The shell answers with the loading module; an unanswered request fails at once. */
  respond: (module: Promise<unknown>) => void;
}

/**
 * Loads another remote's widget through the shell's Module Federation runtime, which knows where
 * each remote lives and shares the page's one React; during a server render, from the renderer.
 * Resolves to a module for React.lazy, at once when the widget is loaded already. Fails when no
 * shell is listening (a remote's standalone harness) or the other remote cannot be loaded; the
 * caller shows its fallback.
 */
export function loadRemoteWidget<Id extends RemoteWidgetId>(id: Id): Promise<{ default: ComponentType<RemoteWidgets[Id]> }> {
  let answer: Promise<unknown> | undefined;
  const onServer = serverWidget(id);
  if (onServer !== undefined) answer = alreadyLoaded(onServer);
  else if (typeof window !== 'undefined') publish<RemoteWidgetRequest>(WIDGET_EVENT, { id, respond: (module) => (answer = module) });
  if (!answer) return Promise.reject(new Error(`No shell on this page loads ${id}`));
  return answer.then((module) => {
    const component = (module as { default?: unknown } | undefined)?.default;
    if (typeof component !== 'function') throw new Error(`${id} does not export a component`);
    return { default: component as ComponentType<RemoteWidgets[Id]> };
  });
}

export function onRemoteWidgetRequested(handler: (request: RemoteWidgetRequest) => void): () => void {
  return subscribe(WIDGET_EVENT, handler);
}

export interface WidgetFailure {
  id: RemoteWidgetId;
  error: unknown;
}

/**
 * Tells the shell that another remote's widget failed on this page (to load or to render), for the
 * failure reports operators watch. Nothing happens where no shell listens (a standalone harness).
 */
export function reportWidgetFailure(failure: WidgetFailure): void {
  if (typeof window !== 'undefined') publish(WIDGET_FAILURE_EVENT, failure);
}

export function onWidgetFailureReported(handler: (failure: WidgetFailure) => void): () => void {
  return subscribe(WIDGET_FAILURE_EVENT, handler);
}
