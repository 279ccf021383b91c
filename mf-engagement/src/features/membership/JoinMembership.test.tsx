import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { membershipRegistrationExample } from '@party/shared-contracts';
import { collectToasts, fakeGateway, renderAt } from '@party/remote-test-kit';
import { JoinMembership } from './JoinMembership';

const registration = membershipRegistrationExample();

const toasts = collectToasts();

beforeAll(() => {
  window.matchMedia = jest.fn().mockReturnValue({ matches: true });
  Element.prototype.scrollIntoView = jest.fn();
});

const tierRadio = (name: RegExp) =>
  within(screen.getByRole('group', { name: 'Membership level' })).getByRole('radio', { name });

/** Types the example registration into the form, as a visitor would (the tier comes from the page's address). */
async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('First name'), registration.firstName);
  await user.type(screen.getByLabelText('Last name'), registration.lastName);
  await user.type(screen.getByLabelText('Email address'), registration.email);
  await user.type(screen.getByLabelText('Password'), registration.password);
  await user.type(screen.getByLabelText('Street address'), registration.address);
  await user.type(screen.getByLabelText('City'), registration.city);
  await user.type(screen.getByLabelText('Postal/ZIP code'), registration.zip);
  await user.selectOptions(screen.getByLabelText('State/county/region'), registration.state);
  await user.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
}

describe('JoinMembership', () => {
  it('preselects the tier that ?tier= names, and none for an unknown one', () => {
    const { unmount } = renderAt(<JoinMembership />, { url: '/join?tier=advocate' });
    expect(tierRadio(/Advocate/)).toBeChecked();
    unmount();

    renderAt(<JoinMembership />, { url: '/join?tier=founder' });
    for (const tier of [/Supporter/, /Member/, /Advocate/]) expect(tierRadio(tier)).not.toBeChecked();
  });

  it('sets the tier from a tier card and takes the visitor to the form', async () => {
    const user = userEvent.setup();
    renderAt(<JoinMembership />, { url: '/join?tier=supporter' });
    await user.click(screen.getByRole('link', { name: 'Become a Member' }));

    expect(tierRadio(/Member/)).toBeChecked();
    expect(tierRadio(/Supporter/)).not.toBeChecked();
    expect(screen.getByRole('heading', { name: 'Membership registration' })).toHaveFocus();
    expect(Element.prototype.scrollIntoView).toHaveBeenCalled();
  });

  it('lists the three tiers with their prices, Member marked popular, and the cancellation note', () => {
    renderAt(<JoinMembership />, { url: '/join' });
    const cards = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.closest('li'));
    expect(cards.map((card) => card?.textContent)).toEqual([
      expect.stringMatching(/^Supporter\s*Free/),
      expect.stringMatching(/^PopularMember\s*\$5\/month/),
      expect.stringMatching(/^Advocate\s*\$15\/month/),
    ]);
    expect(screen.getByText(/cancelled at any time.*not tax-deductible/)).toBeInTheDocument();
  });

  it('shows each field’s message of docs/product.md', async () => {
    const user = userEvent.setup();
    renderAt(<JoinMembership />, { url: '/join' });
    await user.type(screen.getByLabelText('Password'), '1234567');
    await user.click(screen.getByRole('button', { name: 'Complete Registration' }));

    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription('First name must be at least 2 characters');
    expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription('Last name must be at least 2 characters');
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription('Please enter a valid email address');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(/Password must be at least 8 characters/);
    expect(screen.getByLabelText('Street address')).toHaveAccessibleDescription('Please enter your address');
    expect(screen.getByLabelText('City')).toHaveAccessibleDescription('Please enter your city');
    expect(screen.getByLabelText('Postal/ZIP code')).toHaveAccessibleDescription(
      'Please enter a valid postal/ZIP code',
    );
    expect(screen.getByLabelText('State/county/region')).toHaveAccessibleDescription(
      'Please select your state/county/region',
    );
    expect(screen.getByRole('group', { name: 'Membership level' })).toHaveAccessibleDescription(
      'Please select a membership tier',
    );
    expect(screen.getByRole('checkbox', { name: /terms and conditions/ })).toHaveAccessibleDescription(
      'You must agree to the terms and conditions',
    );
    // Ten problems at once: a summary at the top of the form takes the focus and links to each field.
    const summary = screen.getByRole('heading', { name: 'There is a problem' }).parentElement!;
    await waitFor(() => expect(summary).toHaveFocus());
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'First name must be at least 2 characters',
      'Last name must be at least 2 characters',
      'Please enter a valid email address',
      'Password must be at least 8 characters',
      'Please enter your address',
      'Please enter your city',
      'Please enter a valid postal/ZIP code',
      'Please select your state/county/region',
      'Please select a membership tier',
      'You must agree to the terms and conditions',
    ]);
    await user.click(within(summary).getByRole('link', { name: 'Please enter your city' }));
    expect(screen.getByLabelText('City')).toHaveFocus();
    await user.click(within(summary).getByRole('link', { name: 'Please select a membership tier' }));
    expect(screen.getAllByRole('radio')[0]).toHaveFocus();

    await user.type(screen.getByLabelText('City'), 'Leeds');
    expect(within(summary).queryByRole('link', { name: 'Please enter your city' })).not.toBeInTheDocument();
  });

  it('offers the regions in groups whose headers cannot be chosen', () => {
    renderAt(<JoinMembership />, { url: '/join' });
    const select = screen.getByLabelText('State/county/region');
    expect(
      within(select)
        .getAllByRole('group')
        .map((group) => group.getAttribute('label')),
    ).toEqual(['United Kingdom', 'United States', 'Elsewhere']);
    expect(within(select).getByRole('option', { name: 'Other (specify in address)' })).toBeEnabled();
    expect(within(select).getByRole('option', { name: 'Choose a region' })).toBeDisabled();
  });

  it('registers, saying Processing... meanwhile, then welcomes the member and opens the confirmation', async () => {
    const user = userEvent.setup();
    const gateway = fakeGateway({ status: 201, body: { received: true } });
    const { location } = renderAt(<JoinMembership />, { url: '/join?tier=member' });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Complete Registration' }));

    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(gateway.requests[0]).toEqual({ url: '/api/membership', body: registration });
    gateway.respond();

    await waitFor(() => expect(location.pathname).toBe('/membership-confirmation'));
    expect(location.search).toBe('?tier=member');
    expect(toasts).toEqual([
      { title: 'Welcome to The Refoundation Party!', description: 'Your membership has been successfully processed.' },
    ]);
  });

  it('stays on the form with a destructive toast when registration fails', async () => {
    const user = userEvent.setup();
    fakeGateway({ status: 502 }).respond();
    const { location } = renderAt(<JoinMembership />, { url: '/join?tier=member' });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Complete Registration' }));

    await waitFor(() =>
      expect(toasts).toEqual([
        { title: 'Error', description: 'Failed to process membership. Please try again.', variant: 'destructive' },
      ]),
    );
    expect(location.pathname).toBe('/join');
    expect(screen.getByLabelText('First name')).toHaveValue(registration.firstName);
  });
});
