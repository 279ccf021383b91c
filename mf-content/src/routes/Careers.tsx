import { PageFrame, PageHero, Section } from '@party/shared-ui';
import { openings } from '../features/careers/openings';
import styles from '../features/careers/Careers.module.css';
import { Icon } from '../ui/Icon';

const meta = {
  title: 'Careers',
  description:
    'Work for the Refoundation Party: open roles in policy research, digital government, organising and evaluation.',
};

const perks = [
  'Salaries published for every role, with no negotiation gap',
  'Remote-first, with a stipend for a co-working space',
  'Four-day week option for every full-time role',
  'Ten days a year for learning, conferences or volunteering',
];

export default function CareersPage() {
  return (
    <PageFrame meta={meta}>
      <PageHero
        eyebrow="Careers"
        heading="Help prove that government can work better."
        lead="We hire researchers, designers, engineers and organisers who want their work to be measured by what it changes."
      />
      <Section
        id="openings"
        heading="Current opportunities"
        intro={`${openings.length} open roles. Apply by email with the role in the subject line; we answer every application within two weeks.`}
      >
        <ul className={styles.openings}>
          {openings.map((opening) => (
            <li key={opening.id} id={opening.id} className={styles.opening}>
              <div>
                <h3>{opening.title}</h3>
                <ul className={styles.facts} aria-label="Role details">
                  <li>{opening.team}</li>
                  <li>{opening.location}</li>
                  <li>{opening.kind}</li>
                </ul>
                <p>{opening.summary}</p>
              </div>
              <a
                className={styles.apply}
                href={`mailto:careers@refoundation.example?subject=${encodeURIComponent(opening.title)}`}
                aria-label={`Apply by email for ${opening.title}`}
              >
                Apply by email<span aria-hidden="true"> →</span>
              </a>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="working-here" tone="alt" heading="Working here">
        <ul className={styles.perks}>
          {perks.map((perk) => (
            <li key={perk}>
              <Icon name="check" size={18} />
              {perk}
            </li>
          ))}
        </ul>
      </Section>
    </PageFrame>
  );
}
