import { FirstScreen } from '../features/first-screen/FirstScreen';

const meta = {
  title: "About Us",
  description: "Who we are, how the party grew from 2020 to 2023, and the values that guide our work.",
};

const sections = [
  { id: "history", heading: "Our history", body: "From a founding meeting in 2020 to policy development, our first candidates and a national movement by 2023." },
  { id: "values", heading: "Our values", body: "Intellectual honesty, pragmatic solutions, long-term thinking and inclusive prosperity." },
  { id: "why-we-exist", heading: "Why we exist", body: "Too many public systems fail the people they serve. Patching them has not worked; rebuilding them can." },
  { id: "how-we-work", heading: "How we work", body: "Open research, expert consultation and member votes, with every policy reviewed against its results." },
] as const;

export default function AboutPage() {
  return (
    <FirstScreen
      meta={meta}
      eyebrow="About the party"
      heading="A movement built on evidence, not slogans."
      lead="Founded in 2020 by engineers, teachers, nurses and public servants, we grew into a national movement with chapters in 32 states."
      sections={sections}
    />
  );
}
