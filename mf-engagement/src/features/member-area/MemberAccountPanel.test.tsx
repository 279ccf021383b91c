import { screen, waitFor } from '@testing-library/react';
import {
  MEMBER_SIGNED_IN_COOKIE,
  memberLinks,
  PAGE_DATA_ELEMENT_ID,
  type MemberAccount,
} from '@party/shared-contracts';
import { fakeGateway, renderAt } from '@party/remote-test-kit';
import { MemberAccountPanel } from './MemberAccountPanel';

const account: MemberAccount = {
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.org',
  address: '1 Main Street',
  city: 'Denver',
  region: 'CO',
  postalCode: '80202',
  membershipTier: 'advocate',
  status: 'active',
  memberSince: '2026-11-01T09:00:00Z',
  cancelledAt: null,
};

afterEach(() => {
  document.getElementById(PAGE_DATA_ELEMENT_ID)?.remove();
  document.cookie = `${MEMBER_SIGNED_IN_COOKIE}=; max-age=0; path=/`;
});

describe('the member area', () => {
  it('shows the account the gateway rendered the page with at once, then reads it afresh', async () => {
    const data = Object.assign(document.createElement('script'), {
      id: PAGE_DATA_ELEMENT_ID,
      type: 'application/json',
      textContent: JSON.stringify({ memberAccount: account, memberEventPlaces: [] }),
    });
    document.body.append(data);
    document.cookie = `${MEMBER_SIGNED_IN_COOKIE}=1; path=/`;
    // Its sign-in security (a section inside) asks for the factors first.
    const gateway = fakeGateway(
      { status: 200, body: [] },
      { status: 200, body: { ...account, membershipTier: 'member' } },
    );
    renderAt(<MemberAccountPanel />, { url: memberLinks.accountPage });

    const membership = screen.getByRole('region', { name: 'Your membership' });
    expect(membership).toHaveTextContent('grace@example.org');
    expect(membership).toHaveTextContent('Advocate');
    expect(screen.queryByRole('status', { name: /Loading/ })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Your events' })).toHaveTextContent(
      'You have not registered for any event with this address.',
    );

    gateway.respond();
    await waitFor(() => expect(membership).toHaveTextContent('Member · $5/month'));
    expect(gateway.requests.map((request) => request.url)).toEqual([
      memberLinks.factorsEndpoint,
      memberLinks.accountEndpoint,
    ]);
  });
});
