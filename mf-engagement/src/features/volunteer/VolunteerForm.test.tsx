import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { collectToasts, fakeGateway, renderAt } from '@party/remote-test-kit';
import { VolunteerForm } from './VolunteerForm';

const toasts = collectToasts();

describe('VolunteerForm', () => {
  it('asks for at least one area and a time, then signs the volunteer up', async () => {
    const user = userEvent.setup();
    const gateway = fakeGateway({ status: 201, body: { received: true } });
    renderAt(<VolunteerForm />);

    await user.click(screen.getByRole('button', { name: 'Sign Up to Volunteer' }));
    expect(screen.getByRole('group', { name: 'Where would you like to help?' })).toHaveAccessibleDescription(
      'Choose as many as you like. Please choose at least one area',
    );
    expect(screen.getByRole('group', { name: 'When are you available?' })).toHaveAccessibleDescription(
      'Please tell us when you are available',
    );

    await user.type(screen.getByLabelText('Full name'), 'Katherine Johnson');
    await user.type(screen.getByLabelText('Email address'), 'kj@example.org');
    await user.click(screen.getByRole('checkbox', { name: 'Policy research and data' }));
    await user.click(screen.getByRole('checkbox', { name: 'Software, design and digital' }));
    await user.click(screen.getByRole('radio', { name: 'Weekends' }));
    await user.click(screen.getByRole('checkbox', { name: /privacy policy/ }));
    await user.click(screen.getByRole('button', { name: 'Sign Up to Volunteer' }));

    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(gateway.requests[0]?.body).toEqual({
      name: 'Katherine Johnson',
      email: 'kj@example.org',
      interests: ['research', 'digital'],
      availability: 'weekends',
      privacy: true,
    });
    gateway.respond();
    await waitFor(() => expect(toasts[0]?.title).toBe('Thank you for volunteering!'));
    await waitFor(() => expect(screen.getByRole('status')).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent(/in touch by email within a week/);
    expect(screen.getByRole('checkbox', { name: 'Policy research and data' })).not.toBeChecked();
  });
});
