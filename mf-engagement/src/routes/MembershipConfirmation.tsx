import { FirstScreen } from '../features/first-screen/FirstScreen';

const meta = {
  title: "Welcome to the Party",
  description: "Your membership registration has been received.",
};

export default function MembershipConfirmationPage() {
  return (
    <FirstScreen
      meta={meta}
      eyebrow="Membership"
      heading="Welcome aboard."
      lead="Your membership has been registered. Here is what happens next."
    />
  );
}
