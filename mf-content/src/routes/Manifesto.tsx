import { PageFrame, PageHero } from '@party/shared-ui';
import { manifesto } from '../features/manifesto/manifesto';
import { ActionLink } from '../ui/ActionLink';
import { LongForm } from '../ui/LongForm';

const meta = {
  title: 'The Civic Refoundation Manifesto',
  description:
    'The full manifesto of the Refoundation Party: the ethos, the system, the platform and the public promise behind everything we propose.',
};

export default function ManifestoPage() {
  return (
    <PageFrame meta={meta}>
      <PageHero
        eyebrow="Manifesto"
        heading="The Civic Refoundation Manifesto"
        lead="Not patching broken systems: replacing them, carefully, in the open, and with the evidence in plain sight."
      >
        <ActionLink to="/join" tone="accent">
          Join the Movement
        </ActionLink>
        <ActionLink to="/policy" tone="on-dark">
          See the Policies
        </ActionLink>
      </PageHero>
      <LongForm chapters={manifesto} note="Adopted by member vote at the 2023 Spring Conference." />
    </PageFrame>
  );
}
