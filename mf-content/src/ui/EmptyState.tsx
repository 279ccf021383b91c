import styles from './EmptyState.module.css';

interface EmptyStateProps {
  title: string;
  message: string;
  actionLabel: string;
  onAction: () => void;
}

/** What a filtered list shows when nothing matches, with the way back. */
export function EmptyState({ title, message, actionLabel, onAction }: EmptyStateProps) {
  return (
    <div className={styles.empty}>
      <h3>{title}</h3>
      <p>{message}</p>
      <button type="button" className="button button-outline" onClick={onAction}>
        {actionLabel}
      </button>
    </div>
  );
}
