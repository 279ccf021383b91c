import { lazy, Suspense, useState } from 'react';
import { loadRemoteWidget } from '@party/shared-contracts';
import { WidgetBoundary } from '../../ui/WidgetBoundary';
import styles from './NewsletterSlot.module.css';

const loadNewsletterSignup = () => lazy(async () => ({ default: await loadRemoteWidget('mf-engagement/NewsletterSignup') }));

// Created outside the suspending subtree, and anew on Retry because a lazy keeps its rejection.
let NewsletterSignup = loadNewsletterSignup();

/**
 * The newsletter sign-up of the engagement remote, embedded here through Module Federation. When
 * that remote is unavailable, only this box says so; the News page stays.
 */
export function NewsletterSlot() {
  const [, setAttempt] = useState(0);

  return (
    <WidgetBoundary
      onRetry={() => {
        NewsletterSignup = loadNewsletterSignup();
        setAttempt((attempt) => attempt + 1);
      }}
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
        <NewsletterSignup idPrefix="news" layout="band" headingLevel={3} />
      </Suspense>
    </WidgetBoundary>
  );
}
