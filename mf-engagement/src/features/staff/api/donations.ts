import { staffLinks, type DonationResolution } from '@party/shared-contracts';
import { apiRequest } from '@party/shared-ui';

// The treasurer's resolutions. Each call throws the gateway's refusal.

export const resolveDonation = (donationId: string, resolution: DonationResolution) =>
  apiRequest<{ message: string }>('POST', `${staffLinks.donationsEndpoint}/${donationId}/resolve`, resolution);
