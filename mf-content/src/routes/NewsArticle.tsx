import { FirstScreen } from '../features/first-screen/FirstScreen';

const meta = {
  title: "News Article",
  description: "A news article from the party.",
};

export default function NewsArticlePage() {
  return (
    <FirstScreen
      meta={meta}
      eyebrow="Newsroom"
      heading="News article"
      lead="The full article opens here."
    />
  );
}
