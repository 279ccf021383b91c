import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './ActionLink.module.css';

export type ActionTone = 'accent' | 'outlineOnDark' | 'primary' | 'outline';

interface ActionLinkProps {
  to: string;
  tone?: ActionTone;
  children: ReactNode;
}

/** A link that looks like a button: the calls to action of the content pages. */
export function ActionLink({ to, tone = 'primary', children }: ActionLinkProps) {
  return (
    <Link to={to} className={`${styles.action} ${styles[tone]}`}>
      {children}
    </Link>
  );
}

/** The same look for a real button. */
export const actionClassName = (tone: ActionTone = 'primary') => `${styles.action} ${styles[tone]}`;
