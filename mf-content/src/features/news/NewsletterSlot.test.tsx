import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onRemoteWidgetRequested, type NewsletterSignupProps } from '@party/shared-contracts';
import { NewsletterSlot } from './NewsletterSlot';

function FakeSignup({ idPrefix, layout, headingLevel }: NewsletterSignupProps) {
  return <p>{`signup ${idPrefix} ${layout} h${headingLevel}`}</p>;
}

describe('NewsletterSlot', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));

  it('shows a fallback when the engagement remote cannot be loaded, and loads it again on Try again', async () => {
    const user = userEvent.setup();
    render(<NewsletterSlot />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The newsletter sign-up could not be loaded just now.');

    const stop = onRemoteWidgetRequested(({ id, respond }) => {
      expect(id).toBe('mf-engagement/NewsletterSignup');
      respond(Promise.resolve({ default: FakeSignup }));
    });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('signup news band h3')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    stop();
  });
});
