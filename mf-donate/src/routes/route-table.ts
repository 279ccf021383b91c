import { donationLinks } from '@party/shared-contracts';
import type { RemoteRoute } from '@party/shared-contracts';

/**
 * The pages this remote serves, each rendered by `routes/<page>.tsx`, with their places in the
 * header and footer. Its releases declare them (routes.json) and the shell routes by them.
 */
export const donateRoutes = [
  {
    path: '/donate',
    page: 'Donate',
    nav: { label: 'Donate', order: 50 },
    footer: { group: 'take-part', label: 'Donate', order: 40 },
  },
  {
    path: '/donate/ledger',
    page: 'DonationLedger',
    footer: { group: 'take-part', label: 'Donation ledger', order: 50 },
  },
  { path: donationLinks.confirmEmailPage, page: 'ConfirmDonorEmail', unlisted: true },
] as const satisfies readonly RemoteRoute[];
