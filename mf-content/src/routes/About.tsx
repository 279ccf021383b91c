import { PageFrame, PageHero, Section } from '@party/shared-ui';
import { history, howWeWork, values, whyWeExist } from '../features/about/about';
import styles from '../features/about/About.module.css';
import card from '../ui/Card.module.css';
import { Icon } from '../ui/Icon';

const meta = {
  title: 'About us',
  description:
    'How the Refoundation Party grew from a founding meeting in 2020 to a national movement with chapters in 32 states, and the values it works by.',
};

export default function AboutPage() {
  return (
    <PageFrame meta={meta}>
      <PageHero
        eyebrow="About the party"
        heading="A movement built on evidence, not slogans."
        lead="Founded in 2020 by engineers, teachers, nurses and public servants, we grew into a national movement with chapters in 32 states."
      />
      <Section id="history" heading="Our history" intro="From a founding meeting to a national movement in four years.">
        <ol className={styles.timeline}>
          {history.map((milestone) => (
            <li key={milestone.year} className={styles.milestone}>
              <span className={styles.year}>{milestone.year}</span>
              <h3>{milestone.title}</h3>
              <p>{milestone.body}</p>
            </li>
          ))}
        </ol>
      </Section>
      <Section id="values" tone="alt" heading="Our values" intro="Four commitments every member and candidate signs.">
        <ul className={`${card.grid} ${card.gridOfFour}`}>
          {values.map((value) => (
            <li key={value.title} className={card.card}>
              <span className={card.iconBadge}>
                <Icon name={value.icon} />
              </span>
              <h3>{value.title}</h3>
              <p>{value.body}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="why-we-exist" heading="Why we exist">
        <div className={styles.prose}>
          {whyWeExist.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </Section>
      <Section id="how-we-work" tone="alt" heading="How we work">
        <ul className={`${card.grid} ${card.gridOfFour}`}>
          {howWeWork.map((step) => (
            <li key={step.title} className={card.card}>
              <h3>{step.title}</h3>
              <p>{step.body}</p>
            </li>
          ))}
        </ul>
      </Section>
    </PageFrame>
  );
}
