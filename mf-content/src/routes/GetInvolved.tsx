import { FirstScreen } from '../features/first-screen/FirstScreen';

const meta = {
  title: "Get Involved",
  description: "Ways to take part: join, volunteer, donate or come to an event.",
};

export default function GetInvolvedPage() {
  return (
    <FirstScreen
      meta={meta}
      eyebrow="Get involved"
      heading="Change needs people. Here is how to help."
      lead="Join as a member, volunteer your skills, donate or bring a friend to an event near you."
    />
  );
}
