import type { ComponentType } from 'react';
import {
  alreadyLoaded,
  serverWidget,
  type PageMeta,
  type RemoteWidgetId,
  type RemoteWidgetRequest,
  type RemoteWidgets,
  type ShellChannelEvents,
  type ToastRequest,
  type WidgetFailure,
} from '@party/shared-contracts';

/** The shell channel (see ShellChannelEvents) as window events, for the shell and every remote. */

function publish<Type extends keyof ShellChannelEvents>(type: Type, detail: ShellChannelEvents[Type]): void {
  window.dispatchEvent(new CustomEvent(type, { detail }));
}

function subscribe<Type extends keyof ShellChannelEvents>(
  type: Type,
  handler: (detail: ShellChannelEvents[Type]) => void,
): () => void {
  const listener = (event: Event) => handler((event as CustomEvent<ShellChannelEvents[Type]>).detail);
  window.addEventListener(type, listener);
  return () => window.removeEventListener(type, listener);
}

/** Shows a toast in the shell's notification region. */
export function raiseToast(toast: ToastRequest): void {
  publish('party:toast', toast);
}

export function onToastRaised(handler: (toast: ToastRequest) => void): () => void {
  return subscribe('party:toast', handler);
}

/** Sets the document title and meta description of the page being shown. */
export function setPageMeta(meta: PageMeta): void {
  publish('party:page-meta', meta);
}

export function onPageMetaSet(handler: (meta: PageMeta) => void): () => void {
  return subscribe('party:page-meta', handler);
}

/**
 * Loads another remote's widget through the shell's Module Federation runtime, which knows where
 * each remote lives and shares the page's one React; during a server render, from the renderer.
 * Resolves to a module for React.lazy, at once when the widget is loaded already. Fails when no
 * shell is listening (a remote's standalone harness) or the other remote cannot be loaded; the
 * caller shows its fallback.
 */
export function loadRemoteWidget<Id extends RemoteWidgetId>(
  id: Id,
): Promise<{ default: ComponentType<RemoteWidgets[Id]> }> {
  let answer: Promise<unknown> | undefined;
  const onServer = serverWidget(id);
  if (onServer !== undefined) answer = alreadyLoaded(onServer);
  else if (typeof window !== 'undefined') publish('party:load-widget', { id, respond: (module) => (answer = module) });
  if (!answer) return Promise.reject(new Error(`No shell on this page loads ${id}`));
  return answer.then((module) => {
    const component = (module as { default?: unknown } | undefined)?.default;
    if (typeof component !== 'function') throw new Error(`${id} does not export a component`);
    return { default: component as ComponentType<RemoteWidgets[Id]> };
  });
}

export function onRemoteWidgetRequested(handler: (request: RemoteWidgetRequest) => void): () => void {
  return subscribe('party:load-widget', handler);
}

/**
 * Tells the shell that another remote's widget failed on this page (to load or to render), for the
 * failure reports operators watch. Nothing happens where no shell listens (a standalone harness).
 */
export function reportWidgetFailure(failure: WidgetFailure): void {
  if (typeof window !== 'undefined') publish('party:widget-failed', failure);
}

export function onWidgetFailureReported(handler: (failure: WidgetFailure) => void): () => void {
  return subscribe('party:widget-failed', handler);
}
