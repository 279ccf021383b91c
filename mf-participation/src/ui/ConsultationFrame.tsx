import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { consultationLinks } from '@party/shared-contracts';
import { PageFrame, type GatewayRead } from '@party/shared-ui';
import styles from './ConsultationFrame.module.css';

/** The reading column of a consultation's pages, with the way back, and what it says until it has the consultation. */
export function ConsultationFrame({ load, children }: { load: GatewayRead<unknown>; children: ReactNode }) {
  return (
    <div className={styles.frame}>
      <Link to={consultationLinks.page} className={styles.back}>
        ← All consultations
      </Link>
      {load.state === 'loading' && <p role="status">Loading the consultation…</p>}
      {load.state === 'failed' && (
        <p role="alert">The consultation could not be loaded just now. Please try again in a few minutes.</p>
      )}
      {children}
    </div>
  );
}

const missingMeta = {
  title: 'Consultation not found',
  description: 'This consultation does not exist or has been moved.',
  status: 404,
} as const;

/** What a consultation's pages show for an address no consultation has. */
export function MissingConsultation() {
  return (
    <PageFrame meta={missingMeta}>
      <div className={styles.missing}>
        <h1>Consultation not found</h1>
        <p>We could not find this consultation. It may have been moved, or the link may be mistyped.</p>
        <Link to={consultationLinks.page} className="button button-primary">
          See all consultations
        </Link>
      </div>
    </PageFrame>
  );
}
