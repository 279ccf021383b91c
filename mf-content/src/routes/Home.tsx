import { ClosingCallToAction } from '../features/home/ClosingCallToAction';
import { ManifestoSummary } from '../features/home/ManifestoSummary';
import { PublicPromise } from '../features/home/PublicPromise';
import { ActionLink } from '../ui/ActionLink';
import { ContentPage } from '../ui/ContentPage';
import { PageHero } from '../ui/PageHero';
import { organizationData } from '../ui/structured-data';

const meta = {
  title: 'Evidence-based, technology-enabled government',
  description:
    'The Refoundation Party: not patching broken systems, replacing them. Read our manifesto, our policies and how to join.',
  structuredData: organizationData,
};

export default function HomePage() {
  return (
    <ContentPage meta={meta}>
      <PageHero
        eyebrow="Civic Refoundation"
        heading="Not patching broken systems. Replacing them."
        lead="We are building a government that works like the best public services you have ever used: honest about evidence, open about decisions, and designed around your time."
      >
        <ActionLink to="/policy" tone="accent">
          Read Our Manifesto
        </ActionLink>
        <ActionLink to="/join" tone="outlineOnDark">
          Join the Movement
        </ActionLink>
      </PageHero>
      <ManifestoSummary />
      <PublicPromise />
      <ClosingCallToAction />
    </ContentPage>
  );
}
