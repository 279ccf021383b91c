import type { RemoteWidgetId } from '@party/shared-contracts';
import { watchUntilNeeded } from '@party/shared-ui';

interface HeldWidget {
  /** A form sent before the widget could take it: sent again once it can. */
  heldSubmit: { form: HTMLFormElement; submitter: HTMLElement | null } | null;
  /** Stops holding its forms' submits. */
  release: () => void;
}

const held = new Map<RemoteWidgetId, HeldWidget>();

/**
 * Resolves when a widget's code is needed. A widget the server rendered stays server HTML until it
 * comes into view or the visitor points at, touches or focuses it, so that a first visit downloads
 * the code of what is in view alone. What is typed meanwhile is kept (React replays it when it
 * hydrates); a form sent meanwhile is held, not sent natively (which would leave the page), and sent
 * again once the widget has hydrated (widgetHydrated). Null when it is needed now: on the server,
 * and where the server did not render it (a page reached in the browser).
 */
export function widgetNeeded(id: RemoteWidgetId): Promise<void> | null {
  const element = typeof document === 'undefined' ? null : document.querySelector(`[data-widget="${id}"]`);
  if (!element?.hasChildNodes() || typeof IntersectionObserver === 'undefined') return null;
  const { needed, need } = watchUntilNeeded(element);
  const widget: HeldWidget = {
    heldSubmit: null,
    release: () => element.removeEventListener('submit', holdSubmit, true),
  };
  function holdSubmit(event: Event) {
    if (!(event.target instanceof HTMLFormElement)) return;
    event.preventDefault();
    widget.heldSubmit = { form: event.target, submitter: (event as SubmitEvent).submitter };
    need();
  }
  held.set(id, widget);
  element.addEventListener('submit', holdSubmit, true);
  return needed;
}

/** The widget has hydrated: it takes its forms itself, and one sent while it was loading is sent now. */
export function widgetHydrated(id: RemoteWidgetId): void {
  const widget = held.get(id);
  if (!widget) return;
  held.delete(id);
  widget.release();
  const submit = widget.heldSubmit;
  // After React's own work for this commit, which replays what was typed before hydration.
  if (submit?.form.isConnected)
    setTimeout(() => submit.form.requestSubmit(submit.submitter?.isConnected ? submit.submitter : null));
}
