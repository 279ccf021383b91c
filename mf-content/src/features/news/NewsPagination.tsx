import styles from './News.module.css';

/** The pagination row of the design. All nine articles fit on page 1, so the other controls are disabled. */
export function NewsPagination() {
  return (
    <nav aria-label="News pages" className={styles.pagination}>
      <button type="button" disabled>
        Previous
      </button>
      <button type="button" aria-current="page">
        1
      </button>
      <button type="button" disabled>
        2
      </button>
      <button type="button" disabled>
        3
      </button>
      <button type="button" disabled>
        Next
      </button>
    </nav>
  );
}
