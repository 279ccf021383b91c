import { FirstScreen } from '../features/first-screen/FirstScreen';

const meta = {
  title: "Contact Us",
  description: "Send us a message, find our headquarters or subscribe to our newsletter.",
};

export default function ContactPage() {
  return (
    <FirstScreen
      meta={meta}
      eyebrow="Contact"
      heading="Talk to us."
      lead="Questions, ideas, press enquiries or criticism: we read every message and answer as soon as we can."
    />
  );
}
