import styles from './RemoteLoading.module.css';

/** Placeholder of stable size while a remote page loads, so the footer does not jump. */
export function RemoteLoading() {
  return (
    <div className={styles.loading} aria-busy="true">
      <span role="status" className="visually-hidden">
        Loading page…
      </span>
      <div className={styles.hero} aria-hidden="true">
        <div className={styles.lineWide} />
        <div className={styles.line} />
        <div className={styles.lineShort} />
      </div>
    </div>
  );
}
