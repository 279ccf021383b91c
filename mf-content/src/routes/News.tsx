import { FirstScreen } from '../features/first-screen/FirstScreen';

const meta = {
  title: "News",
  description: "Press releases, analysis, research and campaign updates from the party.",
};

export default function NewsPage() {
  return (
    <FirstScreen
      meta={meta}
      eyebrow="Newsroom"
      heading="News, analysis and research."
      lead="What we are working on, what we have found, and where we stand, in plain language."
    />
  );
}
