import { dataRightsLinks, type DataRequest } from '@party/shared-contracts';
import { apiRequest } from '@party/shared-ui';

/** Asks for a copy or the erasure of what is held under an email (confirmed by the emailed link). */
export const requestPersonalData = (request: DataRequest) =>
  apiRequest<void>('POST', dataRightsLinks.requestEndpoint, request);
