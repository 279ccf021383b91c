import { FirstScreen } from '../features/first-screen/FirstScreen';

const meta = {
  title: "Events",
  description: "Upcoming and past events: town halls, workshops and virtual briefings.",
};

export default function EventsPage() {
  return (
    <FirstScreen
      meta={meta}
      eyebrow="Events"
      heading="Meet us in person and online."
      lead="Town halls, policy workshops and virtual briefings across the country, open to everyone."
    />
  );
}
