import { Link, useSearchParams } from 'react-router';
import {
  consultationLinks,
  consultationPage,
  policyAreaIds,
  policyAreaTitles,
  type ConsultationSummary,
  type PolicyAreaId,
} from '@party/shared-contracts';
import { PageFrame, PageHero, Section } from '@party/shared-ui';
import { countText, phaseLabels, phaseLine } from '../features/consultations/consultation-words';
import { useConsultations } from '../features/consultations/useConsultations';
import styles from '../features/consultations/Consultations.module.css';

const meta = {
  title: 'Consultations',
  description:
    'Read the party’s draft policies before they are decided, comment paragraph by paragraph, and see what the party did with what people said.',
};

const groups = [
  { phase: 'open', heading: 'Open for comments' },
  { phase: 'closed', heading: 'Closed: being read' },
  { phase: 'answered', heading: 'Answered' },
] as const;

const isArea = (value: string | null): value is PolicyAreaId => policyAreaIds.includes(value as PolicyAreaId);

function ConsultationCard({ consultation }: { consultation: ConsultationSummary }) {
  return (
    <li className={styles.card}>
      <p className={styles.area}>
        {policyAreaTitles[consultation.policyArea]}
        <span className={styles.phase} data-phase={consultation.phase}>
          {phaseLabels[consultation.phase]}
        </span>
      </p>
      <h3>
        <Link to={consultationPage(consultation.slug)}>{consultation.title}</Link>
      </h3>
      <p>{consultation.summary}</p>
      <p className={styles.cardFoot}>
        {phaseLine(consultation)} · {countText(consultation.comments, 'comment', 'comments')}
      </p>
    </li>
  );
}

export default function ConsultationsPage() {
  const load = useConsultations();
  const [searchParams] = useSearchParams();
  const asked = searchParams.get('area');
  const area = isArea(asked) ? asked : null;
  const shown = load.state === 'loaded' ? load.value.filter((each) => !area || each.policyArea === area) : [];
  return (
    <PageFrame meta={meta}>
      <PageHero
        eyebrow="Consultations"
        heading="Tell us where our drafts are wrong."
        lead="Before a policy is decided, its draft is published here paragraph by paragraph. Comment on any paragraph, read what others said, and see what the party did with it: every consultation ends with a written response."
      />
      <Section id="consultations" heading="Consultations" intro="Choose a policy area, or read them all.">
        <nav aria-label="Policy areas" className={styles.areas}>
          <Link to={consultationLinks.page} aria-current={area === null ? 'page' : undefined}>
            All areas
          </Link>
          {policyAreaIds.map((id) => (
            <Link key={id} to={`?area=${id}`} aria-current={area === id ? 'page' : undefined}>
              {policyAreaTitles[id]}
            </Link>
          ))}
        </nav>
        {load.state === 'loading' && <p role="status">Loading the consultations…</p>}
        {load.state === 'failed' && (
          <p role="alert">The consultations could not be loaded just now. Please try again in a few minutes.</p>
        )}
        {load.state === 'loaded' && shown.length === 0 && (
          <p className={styles.empty}>
            {area
              ? `No consultation on ${policyAreaTitles[area].toLowerCase()} yet. New drafts are announced in the newsletter.`
              : 'No consultation has been published yet. New drafts are announced in the newsletter.'}
          </p>
        )}
        {groups.map(({ phase, heading }) => {
          const inGroup = shown.filter((each) => each.phase === phase);
          return inGroup.length > 0 ? (
            <div key={phase} className={styles.group}>
              <h3 className={styles.groupHeading}>{heading}</h3>
              <ul className={styles.cards}>
                {inGroup.map((consultation) => (
                  <ConsultationCard key={consultation.slug} consultation={consultation} />
                ))}
              </ul>
            </div>
          ) : null;
        })}
      </Section>
    </PageFrame>
  );
}
