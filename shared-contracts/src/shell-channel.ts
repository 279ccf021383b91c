import type { ComponentType } from 'react';
import type { RemoteWidgetId, RemoteWidgets } from './remote-contract.js';

/**
 * The one way a remote asks the shell for shell-owned things (toasts, page title and description,
 * another remote's widget).
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
}

const TOAST_EVENT = 'party:toast';
const PAGE_META_EVENT = 'party:page-meta';
const WIDGET_EVENT = 'party:load-widget';

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
 * each remote lives and shares the page's one React. Fails when no shell is listening (a remote's
 * standalone harness) or the other remote cannot be loaded; the caller shows its fallback.
 */
export async function loadRemoteWidget<Id extends RemoteWidgetId>(id: Id): Promise<ComponentType<RemoteWidgets[Id]>> {
  let loading: Promise<unknown> | undefined;
  publish<RemoteWidgetRequest>(WIDGET_EVENT, { id, respond: (module) => (loading = module) });
  if (!loading) throw new Error(`No shell on this page loads ${id}`);
  const module = (await loading) as { default?: unknown } | undefined;
  if (typeof module?.default !== 'function') throw new Error(`${id} does not export a component`);
  return module.default as ComponentType<RemoteWidgets[Id]>;
}

export function onRemoteWidgetRequested(handler: (request: RemoteWidgetRequest) => void): () => void {
  return subscribe(WIDGET_EVENT, handler);
}
