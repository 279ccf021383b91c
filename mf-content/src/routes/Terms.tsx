import { PageFrame, PageHero } from '@party/shared-ui';
import { termsOfUse, termsOfUseUpdated } from '../features/legal/terms-of-use';
import { LongForm } from '../ui/LongForm';

const meta = {
  title: 'Terms of Use',
  description: 'The terms for using the Refoundation Party website, becoming a member and donating.',
};

export default function TermsPage() {
  return (
    <PageFrame meta={meta}>
      <PageHero
        eyebrow="Terms of Use"
        heading="The terms, without the small print."
        lead="What you can expect from us, and what we ask of you, when you use this site, join or donate."
      />
      <LongForm chapters={termsOfUse} note={termsOfUseUpdated} />
    </PageFrame>
  );
}
