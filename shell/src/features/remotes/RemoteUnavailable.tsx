import styles from './RemoteUnavailable.module.css';

/** What a visitor sees where a page could not be loaded: a plain explanation and a Retry. */
export function RemoteUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <section className={styles.panel} role="alert" aria-labelledby="remote-unavailable-title">
      <div className={styles.icon} aria-hidden="true">
        <svg viewBox="0 0 24 24" width="28" height="28">
          <path
            d="M12 8v5m0 3.5v.5M10.3 3.9 2.4 17.6A2 2 0 0 0 4.1 20.6h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </div>
      <h1 id="remote-unavailable-title" className={styles.title}>
        This page is temporarily unavailable
      </h1>
      <p className={styles.text}>
        We could not load this part of the site. The rest of the site is working: try again in a moment, or use the menu
        to carry on browsing.
      </p>
      <button type="button" className="button button-primary" onClick={onRetry}>
        Retry
      </button>
    </section>
  );
}
