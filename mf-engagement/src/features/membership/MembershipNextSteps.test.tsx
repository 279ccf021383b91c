import { screen } from '@testing-library/react';
import { renderAt } from '@party/remote-test-kit';
import { MembershipNextSteps } from './MembershipNextSteps';

describe('MembershipNextSteps', () => {
  it('tells a new member what happens next for the tier just chosen', () => {
    renderAt(<MembershipNextSteps />, { url: '/membership-confirmation?tier=advocate' });
    expect(screen.getByText(/You joined as/)).toHaveTextContent('You joined as Advocate ($15/month).');
    expect(screen.getByRole('heading', { name: 'Set up your $15 monthly fee' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Choose a working group' })).toBeInTheDocument();
  });

  it('falls back to the general steps without a known tier', () => {
    renderAt(<MembershipNextSteps />, { url: '/membership-confirmation' });
    expect(screen.getByText('Here is what happens next.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Confirm your membership' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /monthly fee/ })).not.toBeInTheDocument();
  });
});
