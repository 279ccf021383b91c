import { inPageClick } from '@party/shared-ui';
import styles from './EmptyState.module.css';

interface EmptyStateProps {
  title: string;
  message: string;
  actionLabel: string;
  /** The address of the unfiltered list: the way back before the page's code has run. */
  actionHref: string;
  onAction: () => void;
}

/** What a filtered list shows when nothing matches, with the way back. */
export function EmptyState({ title, message, actionLabel, actionHref, onAction }: EmptyStateProps) {
  return (
    <div className={styles.empty}>
      <h3>{title}</h3>
      <p>{message}</p>
      <a href={actionHref} className="button button-outline" onClick={inPageClick(onAction)}>
        {actionLabel}
      </a>
    </div>
  );
}
