import { ActionLink } from './ActionLink';
import styles from './NotFoundNotice.module.css';

interface NotFoundNoticeProps {
  heading: string;
  message: string;
  backTo: string;
  backLabel: string;
}

/** What a detail page shows for an id it does not know. */
export function NotFoundNotice({ heading, message, backTo, backLabel }: NotFoundNoticeProps) {
  return (
    <div className={styles.notice}>
      <h1>{heading}</h1>
      <p>{message}</p>
      <ActionLink to={backTo}>{backLabel}</ActionLink>
    </div>
  );
}
