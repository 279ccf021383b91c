import { Link } from 'react-router';
import {
  consultationLinks,
  consultationPage,
  type ConsultationSummary,
  type PolicyAreaId,
} from '@party/shared-contracts';
import { useRenderedOrRead, type GatewayRead } from '@party/shared-ui';
import { readConsultations } from './consultations-api';
import styles from './PolicyAreaTabs.module.css';

const phaseWords = { open: 'open for comments', closed: 'closed, being read', answered: 'answered' } as const;

/** The party's consultations, as the gateway rendered /policy with them or read once it is shown. */
export const useConsultations = (): GatewayRead<ConsultationSummary[]> =>
  useRenderedOrRead((data) => data.consultations, readConsultations, consultationLinks.listEndpoint).load;

interface AreaConsultationsProps {
  area: PolicyAreaId;
  title: string;
  consultations: GatewayRead<ConsultationSummary[]>;
}

/** A policy area's consultations: its drafts the public may comment on, or read the answer to. */
export function AreaConsultations({ area, title, consultations }: AreaConsultationsProps) {
  const mine = consultations.state === 'loaded' ? consultations.value.filter((each) => each.policyArea === area) : [];
  return (
    <div className={styles.consultations}>
      <h4>Consultations on {title.toLowerCase()}</h4>
      {mine.length > 0 ? (
        <ul>
          {mine.map((consultation) => (
            <li key={consultation.slug}>
              <Link to={consultationPage(consultation.slug)}>{consultation.title}</Link> (
              {phaseWords[consultation.phase]})
            </li>
          ))}
        </ul>
      ) : (
        consultations.state === 'loaded' && <p>No draft on {title.toLowerCase()} is out for comment yet.</p>
      )}
      <Link to={`${consultationLinks.page}?area=${area}`}>All consultations on {title.toLowerCase()}</Link>
    </div>
  );
}
