import { PageFrame, PageHero } from '@party/shared-ui';
import { privacyPolicy, privacyPolicyUpdated } from '../features/legal/privacy-policy';
import { LongForm } from '../ui/LongForm';

const meta = {
  title: 'Privacy Policy',
  description:
    'What the Refoundation Party collects through this site, why, how long we keep it, and your rights. In plain language.',
};

export default function PrivacyPage() {
  return (
    <PageFrame meta={meta}>
      <PageHero
        eyebrow="Privacy Policy"
        heading="Your information, in plain language."
        lead="We collect only what you send us, use it only for what you sent it for, and never sell it."
      />
      <LongForm chapters={privacyPolicy} note={privacyPolicyUpdated} />
    </PageFrame>
  );
}
