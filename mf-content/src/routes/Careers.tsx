import { FirstScreen } from '../features/first-screen/FirstScreen';

const meta = {
  title: "Careers",
  description: "Work with the party: current openings and how we hire.",
};

export default function CareersPage() {
  return (
    <FirstScreen
      meta={meta}
      eyebrow="Careers"
      heading="Work with us."
      lead="We hire people who want to rebuild public systems, and we publish how we hire."
    />
  );
}
