import {
  consultationEndpoint,
  consultationLinks,
  type ConsultationSummary,
  type ConsultationView,
} from '@party/shared-contracts';
import { useRenderedOrRead, type GatewayRead } from '@party/shared-ui';
import { readConsultation, readConsultations } from './consultations-api';

/** The consultations: as the gateway rendered the page with them, or read when it is shown. */
export const useConsultations = (): GatewayRead<ConsultationSummary[]> =>
  useRenderedOrRead((data) => data.consultations, readConsultations, consultationLinks.listEndpoint).load;

/**
 * One consultation (null: there is none), and `reload` to read it again once a comment is published
 * (the gateway's page data is of the moment the page was rendered).
 */
export function useConsultation(slug: string): { load: GatewayRead<ConsultationView | null>; reload: () => void } {
  const { load, replace } = useRenderedOrRead(
    (data) => (data.consultationPage?.slug === slug ? data.consultationPage.consultation : undefined),
    () => readConsultation(slug),
    consultationEndpoint(slug),
  );
  return {
    load,
    reload: () => {
      readConsultation(slug).then(replace, () => undefined);
    },
  };
}
