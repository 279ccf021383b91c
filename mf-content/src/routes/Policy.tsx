import { FirstScreen } from '../features/first-screen/FirstScreen';

const meta = {
  title: "Policy Platform",
  description: "Our policy platform across the economy, healthcare, education, environment, governance and technology.",
};

export default function PolicyPage() {
  return (
    <FirstScreen
      meta={meta}
      eyebrow="Policy platform"
      heading="Policies built from evidence, tested against results."
      lead="Every policy goes through evidence gathering, expert consultation, stakeholder input and continuous evaluation before we stand behind it."
    />
  );
}
