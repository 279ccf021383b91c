import { PageFrame, PageHero, Section } from '@party/shared-ui';
import { AdvisoryBoard } from '../features/leadership/AdvisoryBoard';
import { LeaderCard } from '../features/leadership/LeaderCard';
import { leaders } from '../features/leadership/leaders';
import styles from '../features/leadership/Leadership.module.css';
import { ActionLink } from '../ui/ActionLink';
import card from '../ui/Card.module.css';

const meta = {
  title: 'Leadership',
  description:
    'The people who lead the Refoundation Party and the academic and practitioner advisors who challenge them.',
};

export default function LeadershipPage() {
  return (
    <PageFrame meta={meta}>
      <PageHero
        eyebrow="Leadership"
        heading="People who have built things that work."
        lead="Our leaders come from hospitals, classrooms, audit offices and software teams. Each publishes their diary and the evidence behind their votes."
      />
      <Section id="leaders" heading="Our leadership team">
        <ul className={card.grid}>
          {leaders.map((leader) => (
            <LeaderCard key={leader.name} leader={leader} />
          ))}
        </ul>
      </Section>
      <Section
        id="advisory-board"
        tone="alt"
        heading="Advisory board"
        intro="Independent advisors who review our proposals before members vote. They are not party members and are not paid."
      >
        <AdvisoryBoard />
      </Section>
      <Section id="work-with-us" heading="Work with us">
        <div className={styles.careers}>
          <p>
            We hire researchers, designers, engineers and organisers who want to prove that government can work better.
          </p>
          <ActionLink to="/careers">View Current Opportunities</ActionLink>
        </div>
      </Section>
    </PageFrame>
  );
}
