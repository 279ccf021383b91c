import { PageFrame, PageHero } from '@party/shared-ui';
import { DataRequestForm } from '../features/data-rights/DataRequestForm';
import styles from '../features/data-rights/DataRights.module.css';

const meta = {
  title: 'Your data',
  description: 'Ask for a copy of everything we hold about you, or for its erasure: member or not, by email.',
};

export default function YourDataPage() {
  return (
    <PageFrame meta={meta}>
      <PageHero
        eyebrow="Privacy"
        heading="Your data, your call."
        lead="See everything we hold about you, or have us erase it. Member or not: all it takes is the email address you gave us."
      />
      <div className={styles.wrap}>
        <DataRequestForm />
      </div>
    </PageFrame>
  );
}
