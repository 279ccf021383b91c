import { FirstScreen } from '../features/first-screen/FirstScreen';

const meta = {
  title: "The Refoundation Party",
  description: "A party for evidence-based, technology-enabled government: not patching broken systems, replacing them.",
};

const sections = [
  { id: "ethos", heading: "The Ethos", body: "Decisions follow the evidence, and the evidence is published. When the facts change, so do we." },
  { id: "system", heading: "The System", body: "Public services rebuilt as one coherent platform instead of a maze of forms, offices and queues." },
  { id: "platform", heading: "The Platform", body: "A home dashboard, clear notifications, one service hub and a fair appeal interface for every citizen." },
] as const;

const actions = [
  { to: '/policy', label: 'Read Our Manifesto', primary: true },
  { to: '/join', label: 'Join the Movement' },
] as const;

export default function HomePage() {
  return (
    <FirstScreen
      meta={meta}
      eyebrow="Civic Refoundation"
      heading="Not patching broken systems. Replacing them."
      lead="We are building a government that works like the best public services you have ever used: honest about evidence, open about decisions, and designed around your time."
      sections={sections}
      actions={actions}
    />
  );
}
