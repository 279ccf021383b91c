import { socialCards } from '@party/shared-contracts';
import { PageFrame, PageHero, Section } from '@party/shared-ui';
import { policyPrinciples, policyProcess } from '../features/policy/policy-areas';
import { PolicyAreaTabs } from '../features/policy/PolicyAreaTabs';
import styles from '../features/policy/Policy.module.css';
import card from '../ui/Card.module.css';

const meta = {
  title: 'Policy Platform',
  description:
    'Our policies on the economy, healthcare, education, environment, governance and technology, how we make them and the evidence behind them.',
  image: socialCards.policy,
};

export default function PolicyPage() {
  return (
    <PageFrame meta={meta}>
      <PageHero
        eyebrow="Policy platform"
        heading="Policies that show their working."
        lead="Every policy we propose starts from the evidence, is drafted in the open and carries the measure by which we will judge it."
      />
      <Section id="process" heading="How a policy is made" intro="Four steps, each of them public.">
        <ol className={styles.process}>
          {policyProcess.map((step, index) => (
            <li key={step.title} className={styles.step}>
              <span className={styles.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <h3>{step.title}</h3>
              <p>{step.body}</p>
            </li>
          ))}
        </ol>
      </Section>
      <Section
        id="principles"
        tone="alt"
        heading="Our principles"
        intro="Six tests every proposal must pass before members vote on it."
      >
        <ul className={card.grid}>
          {policyPrinciples.map((principle) => (
            <li key={principle.title} className={card.card}>
              <h3>{principle.title}</h3>
              <p>{principle.body}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section
        id="areas"
        heading="Policy areas"
        intro="Choose an area to see what we propose and the evidence behind it."
      >
        <PolicyAreaTabs />
      </Section>
    </PageFrame>
  );
}
