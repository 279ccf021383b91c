import { Link } from 'react-router';
import { PageFrame, PageHero, Section } from '@party/shared-ui';
import { waysToHelp } from '../features/get-involved/ways-to-help';
import styles from '../features/get-involved/GetInvolved.module.css';
import card from '../ui/Card.module.css';
import { ActionLink } from '../ui/ActionLink';
import { Icon } from '../ui/Icon';

const meta = {
  title: 'Get Involved',
  description:
    'Join, volunteer, donate, come to an event or help draft a policy: the ways to help the Refoundation Party.',
};

export default function GetInvolvedPage() {
  return (
    <PageFrame meta={meta}>
      <PageHero
        eyebrow="Get involved"
        heading="There is a part for everyone."
        lead="An evening a month, a skill you already have, a vote, or a donation: every contribution is counted, and every one matters."
      >
        <ActionLink to="/join" tone="accent">
          Join Now
        </ActionLink>
        <ActionLink to="/volunteer" tone="on-dark">
          Volunteer
        </ActionLink>
      </PageHero>
      <Section id="ways-to-help" heading="Ways to help">
        <ul className={card.grid}>
          {waysToHelp.map((way) => (
            <li key={way.title} className={`${card.card} ${styles.way}`}>
              <span className={card.iconBadge}>
                <Icon name={way.icon} />
              </span>
              <h3>{way.title}</h3>
              <p>{way.body}</p>
              <Link to={way.to}>
                {way.action} <span aria-hidden="true">→</span>
              </Link>
            </li>
          ))}
        </ul>
      </Section>
    </PageFrame>
  );
}
