import { PageFrame, PageHero } from '@party/shared-ui';
import { DataLinkAction } from '../features/data-rights/DataLinkAction';
import styles from '../features/data-rights/DataRights.module.css';

const meta = {
  title: 'Erase your data',
  description: 'Erase everything we hold under your email address.',
  noindex: true,
};

export default function YourDataErasurePage() {
  return (
    <PageFrame meta={meta}>
      <PageHero
        eyebrow="Privacy"
        heading="Gone, as you asked."
        lead="Check what erasing removes, and what the law makes us keep, then confirm."
      />
      <div className={styles.wrap}>
        <DataLinkAction request="erasure" />
      </div>
    </PageFrame>
  );
}
