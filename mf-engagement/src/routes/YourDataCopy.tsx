import { PageFrame, PageHero } from '@party/shared-ui';
import { DataLinkAction } from '../features/data-rights/DataLinkAction';
import styles from '../features/data-rights/DataRights.module.css';

const meta = {
  title: 'Download your data',
  description: 'Download a copy of everything we hold under your email address.',
  noindex: true,
};

export default function YourDataCopyPage() {
  return (
    <PageFrame meta={meta}>
      <PageHero
        eyebrow="Privacy"
        heading="Everything we hold, in one file."
        lead="One click downloads it as JSON: what you gave us, what we sent you, and when."
      />
      <div className={styles.wrap}>
        <DataLinkAction request="copy" />
      </div>
    </PageFrame>
  );
}
