import { lazy, Suspense, type ComponentType } from 'react';
import { remoteWidgetIds, type RemoteWidgetId, type RemoteWidgets } from '@party/shared-contracts';
import { loadRemoteWidget, reportWidgetFailure } from '@party/shared-ui';
import { reloadPage } from './reload-page';
import { widgetHydrated, widgetNeeded } from './widget-demand';
import { WidgetBoundary } from './WidgetBoundary';
import styles from './RemoteWidgetSlot.module.css';

// One lazy per widget for the page's lifetime, made before any render: one made while rendering
// would be re-created on every render of the suspending subtree.
// The server renders a widget in the same pass (its module is at hand at once); the browser loads
// one the server rendered when it comes into view or is used (widgetNeeded).
const lazyWidgets = Object.fromEntries(
  remoteWidgetIds.map((id) => [
    id,
    lazy(() => widgetNeeded(id)?.then(() => loadRemoteWidget(id)) ?? loadRemoteWidget(id)),
  ]),
) as unknown as {
  [Id in RemoteWidgetId]: ComponentType<RemoteWidgets[Id]>;
};

interface RemoteWidgetSlotProps<Id extends RemoteWidgetId> {
  widget: Id;
  props: RemoteWidgets[Id];
  /** What the widget is, for its loading and failure messages: "newsletter sign-up". */
  what: string;
}

/**
 * A widget of another remote (a form of the engagement remote), embedded through Module
 * Federation. When that remote is unavailable, only this box says so; the page stays.
 */
export function RemoteWidgetSlot<Id extends RemoteWidgetId>({ widget, props, what }: RemoteWidgetSlotProps<Id>) {
  const Widget = lazyWidgets[widget] as ComponentType<RemoteWidgets[Id]>;
  return (
    <WidgetBoundary
      onRetry={reloadPage}
      onFailure={(error) => reportWidgetFailure({ id: widget, error })}
      fallback={(retry) => (
        <div className={styles.fallback} role="alert">
          <p>The {what} could not be loaded just now.</p>
          <button type="button" className="button button-outline" onClick={retry}>
            Try again
          </button>
        </div>
      )}
    >
      <Suspense
        fallback={
          <div className={styles.loading} role="status">
            Loading the {what}…
          </div>
        }
      >
        {/* data-widget marks the server's HTML of the widget, which stays until the widget is needed;
            the ref is set once the widget has hydrated. */}
        <div data-widget={widget} ref={() => widgetHydrated(widget)}>
          <Widget {...props} />
        </div>
      </Suspense>
    </WidgetBoundary>
  );
}
