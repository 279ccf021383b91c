import { donationLinks, type PublicDonationLedger } from '@party/shared-contracts';
import { useRenderedOrRead, type GatewayRead } from '@party/shared-ui';
import { readLedger } from './ledger-api';

/** The public ledger: as the gateway rendered the page with it, or read when the page is shown. */
export const useDonationLedger = (): GatewayRead<PublicDonationLedger> =>
  useRenderedOrRead((data) => data.donationLedger, readLedger, donationLinks.ledger).load;
