import { FirstScreen } from '../features/first-screen/FirstScreen';

const meta = {
  title: "Privacy Policy",
  description: "What personal data this site collects, why, and how we protect it.",
};

export default function PrivacyPage() {
  return (
    <FirstScreen
      meta={meta}
      eyebrow="Privacy"
      heading="Privacy Policy"
      lead="We collect only what we need to answer you, send the newsletter you asked for, and manage your membership."
    />
  );
}
