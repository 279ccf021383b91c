import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The tones of the site's shared `.button` classes (page-layout.css in @party/shared-ui). */
export type ActionTone = 'accent' | 'on-dark' | 'primary' | 'outline';

interface ActionLinkProps {
  to: string;
  tone?: ActionTone;
  children: ReactNode;
}

/** A link that looks like a button: the calls to action of the content pages. */
export function ActionLink({ to, tone = 'primary', children }: ActionLinkProps) {
  return (
    <Link to={to} className={`button button-${tone}`}>
      {children}
    </Link>
  );
}
