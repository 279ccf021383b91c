import { FirstScreen } from '../features/first-screen/FirstScreen';

const meta = {
  title: "Leadership",
  description: "The people leading the party and the advisory board that keeps us honest.",
};

export default function LeadershipPage() {
  return (
    <FirstScreen
      meta={meta}
      eyebrow="Leadership"
      heading="The people accountable for our work."
      lead="Our leaders and advisors come from science, public service, business and civil society, and they answer to our members."
    />
  );
}
