import { donationLinks, type PublicDonationLedger } from '@party/shared-contracts';
import { apiRequest } from '@party/shared-ui';

/** The public ledger of donations received. */
export const readLedger = () => apiRequest<PublicDonationLedger>('GET', donationLinks.ledger);
