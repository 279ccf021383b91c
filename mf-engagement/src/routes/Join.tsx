import { FirstScreen } from '../features/first-screen/FirstScreen';

const meta = {
  title: "Join the Party",
  description: "Become a supporter, member or advocate of the party.",
};

export default function JoinPage() {
  return (
    <FirstScreen
      meta={meta}
      eyebrow="Membership"
      heading="Join the movement."
      lead="Supporters join free; members and advocates fund the work and vote on our policies. Cancel at any time."
    />
  );
}
