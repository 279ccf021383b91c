import { createStore } from 'zustand/vanilla';
import { donationLinks, donationNetwork, type DonationNetwork, type DonationTerms } from '@party/shared-contracts';
import { siteSettings } from '@party/shared-ui';

/** A network the party's donation rules accept, with the address donations arrive at there. */
export interface AcceptedNetwork extends DonationNetwork {
  receivingAddress: string;
}

/**
 * The terms fetched from the gateway, for a page whose HTML brought none (the dev servers, the
 * standalone harness); `unavailable` once asking failed.
 */
export const fetchedTermsStore = createStore<{ terms: DonationTerms | null; unavailable: boolean }>()(() => ({
  terms: null,
  unavailable: false,
}));

/** The donation terms: those the page was rendered with (its HTML, or the server render), or fetched. */
export function currentTerms(): DonationTerms | null {
  return siteSettings()?.donations ?? fetchedTermsStore.getState().terms;
}

/** Asks the gateway for the terms when the page's HTML did not bring them. */
export async function loadDonationTerms(): Promise<void> {
  if (currentTerms()) return;
  try {
    const response = await fetch(donationLinks.terms, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`The donation terms answered ${response.status}`);
    fetchedTermsStore.setState({ terms: (await response.json()) as DonationTerms, unavailable: false });
  } catch {
    fetchedTermsStore.setState({ unavailable: true });
  }
}

export function acceptedNetworks(terms: DonationTerms | null = currentTerms()): AcceptedNetwork[] {
  if (!terms?.accepting) return [];
  return terms.networks.flatMap(({ chainId, receivingAddress }) => {
    const network = donationNetwork(chainId);
    return network ? [{ ...network, receivingAddress }] : [];
  });
}

export function findNetwork(
  chainId: number | null,
  terms: DonationTerms | null = currentTerms(),
): AcceptedNetwork | undefined {
  return acceptedNetworks(terms).find((network) => network.chainId === chainId);
}

/** `Ethereum Mainnet, Arbitrum One or Polygon`. */
export function networkNames(networks: readonly AcceptedNetwork[]): string {
  const names = networks.map((network) => network.name);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
}
