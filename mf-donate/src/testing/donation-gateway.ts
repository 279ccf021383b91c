import { donationLinks, type DonationPledge, type DonationReport } from '@party/shared-contracts';
import { fakeGatewayAnswering, type GatewayAnswer } from '@party/remote-test-kit';
import { pledgeReceipt } from './donation-terms';

/** The gateway's donation endpoints, as a donation reaches them. */
export type DonationEndpoint = 'pledge' | 'signature' | 'withdrawal' | 'report';

function endpointOf(url: string): DonationEndpoint {
  if (url === donationLinks.pledges) return 'pledge';
  if (url === donationLinks.reports) return 'report';
  if (url.endsWith('/signature')) return 'signature';
  if (url.endsWith('/withdrawal')) return 'withdrawal';
  throw new Error(`The donate page asked the gateway for ${url}`);
}

/**
 * The fake gateway (remote-test-kit's) answering the donation endpoints as a donation goes through
 * them, at once: a pledge accepted as `pledge` on the chain and amount it names, its signature
 * taken, a withdrawal noted, a report recorded as received. `answerNext` gives an endpoint's next
 * request another answer; `sent` is what the page sent each endpoint, in order.
 */
export function donationGateway(pledge: string) {
  const next: Partial<Record<DonationEndpoint, GatewayAnswer[]>> = {};
  const gateway = fakeGatewayAnswering(({ url, body }) => {
    const endpoint = endpointOf(url);
    const queued = next[endpoint]?.shift();
    if (queued) return queued;
    if (endpoint === 'pledge') {
      const { chainId, amountEth } = body as DonationPledge;
      return { status: 201, body: pledgeReceipt(pledge, chainId, amountEth) };
    }
    if (endpoint === 'report')
      return { status: 201, body: { status: 'received', txHash: (body as DonationReport).txHash } };
    return { status: 204 };
  });
  gateway.respond();
  return {
    answerNext: (endpoint: DonationEndpoint, answer: GatewayAnswer) => void (next[endpoint] ??= []).push(answer),
    sent: (endpoint: DonationEndpoint) =>
      gateway.requests.filter((request) => endpointOf(request.url) === endpoint).map((request) => request.body),
  };
}
