import { FirstScreen } from '../features/first-screen/FirstScreen';

const meta = {
  title: "Volunteer",
  description: "Give your time and skills to the party: campaigning, research, design, events.",
};

export default function VolunteerPage() {
  return (
    <FirstScreen
      meta={meta}
      eyebrow="Volunteer"
      heading="Lend us your skills."
      lead="Canvassing, research, design, software, events: tell us what you are good at and when you are free."
    />
  );
}
