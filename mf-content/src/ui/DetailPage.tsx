import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Icon } from './Icon';
import styles from './DetailPage.module.css';

interface DetailPageProps {
  backTo: string;
  backLabel: string;
  children: ReactNode;
}

/** The reading column of a single article or event, with the way back to its list. */
export function DetailPage({ backTo, backLabel, children }: DetailPageProps) {
  return (
    <div className={styles.detail}>
      <Link to={backTo} className={styles.back}>
        <Icon name="arrowLeft" size={18} />
        {backLabel}
      </Link>
      {children}
    </div>
  );
}
