import { FirstScreen } from '../features/first-screen/FirstScreen';

const meta = {
  title: "Terms of Use",
  description: "The terms that apply when you use this website.",
};

export default function TermsPage() {
  return (
    <FirstScreen
      meta={meta}
      eyebrow="Terms"
      heading="Terms of Use"
      lead="The plain-language terms that apply to everyone who uses this website."
    />
  );
}
