import type { Ref } from 'react';
import styles from './ResultCount.module.css';

/**
 * How many items a filter shows, announced as the filter changes. Focusable, so that "Reset
 * Filters" can leave the focus on the fresh count rather than on the button it removed.
 */
export function ResultCount({
  shown,
  total,
  noun,
  ref,
}: {
  shown: number;
  total: number;
  noun: string;
  ref?: Ref<HTMLParagraphElement>;
}) {
  const text = shown === total ? `Showing all ${total} ${noun}` : `Showing ${shown} of ${total} ${noun}`;
  return (
    <p ref={ref} tabIndex={-1} role="status" className={styles.count}>
      {text}
    </p>
  );
}
