import { FirstScreen } from '../features/first-screen/FirstScreen';

const meta = {
  title: "Civic Refoundation Manifesto",
  description: "The Civic Refoundation Manifesto: the ethos, the system and the platform we propose.",
};

export default function ManifestoPage() {
  return (
    <FirstScreen
      meta={meta}
      eyebrow="The manifesto"
      heading="The Civic Refoundation Manifesto."
      lead="Our plan to rebuild public services around the people who use them, with no traps, no lies and no wasted time."
    />
  );
}
