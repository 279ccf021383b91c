import { FirstScreen } from '../features/first-screen/FirstScreen';

const meta = {
  title: "Event",
  description: "Details of a party event.",
};

export default function EventDetailPage() {
  return (
    <FirstScreen
      meta={meta}
      eyebrow="Events"
      heading="Event details"
      lead="The full details of this event open here."
    />
  );
}
