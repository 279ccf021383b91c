import { lazy, Suspense } from 'react';
import { loadRemoteWidget } from '@party/shared-contracts';
import { reloadPage } from '../../ui/reload-page';
import { WidgetBoundary } from '../../ui/WidgetBoundary';
import styles from './NewsletterSlot.module.css';

const WIDGET = 'mf-engagement/NewsletterSignup';
// Created outside the suspending subtree: one created inside it would be re-created on every render.
const NewsletterSignup = lazy(() => loadRemoteWidget(WIDGET));

/**
 * The newsletter sign-up of the engagement remote, embedded here through Module Federation. When
 * that remote is unavailable, only this box says so; the News page stays.
 */
export function NewsletterSlot() {
  return (
    <WidgetBoundary
      onRetry={reloadPage}
      fallback={(retry) => (
        <div className={styles.fallback} role="alert">
          <p>The newsletter sign-up could not be loaded just now.</p>
          <button type="button" onClick={retry}>
            Try again
          </button>
        </div>
      )}
    >
      <Suspense
        fallback={
          <div className={styles.loading} role="status">
            Loading the newsletter sign-up…
          </div>
        }
      >
        {/* data-widget tells the server's page which widget to load before hydrating. */}
        <div data-widget={WIDGET}>
          <NewsletterSignup idPrefix="news" layout="band" headingLevel={2} />
        </div>
      </Suspense>
    </WidgetBoundary>
  );
}
