import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { collectToasts, fakeGateway, renderAt } from '@party/remote-test-kit';
import EventRegistrationForm from './EventRegistrationForm';

const toasts = collectToasts();
const open = { state: 'open', placesLeft: 40, waitlist: 0 } as const;

describe('EventRegistrationForm', () => {
  it('registers the visitor for this event and says so where the form is', async () => {
    const user = userEvent.setup();
    const gateway = fakeGateway({ status: 201, body: { status: 'confirmed' } });
    renderAt(<EventRegistrationForm eventId="town-hall-denver" eventTitle="Town Hall: Denver" registration={open} />);

    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription('Name must be at least 2 characters');
    expect(screen.getByRole('checkbox', { name: /privacy policy/ })).toHaveAccessibleDescription(
      'You must agree to the privacy policy',
    );
    await waitFor(() => expect(screen.getByLabelText('Full name')).toHaveFocus());
    expect(gateway.requests).toHaveLength(0);

    await user.type(screen.getByLabelText('Full name'), 'Mary Jackson');
    await user.type(screen.getByLabelText('Email address'), 'mj@example.org');
    await user.click(screen.getByRole('checkbox', { name: /privacy policy/ }));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByRole('button', { name: 'Registering...' })).toBeDisabled();
    expect(gateway.requests).toEqual([
      {
        url: '/api/event-registrations',
        body: {
          eventId: 'town-hall-denver',
          name: 'Mary Jackson',
          email: 'mj@example.org',
          privacy: true,
          timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        },
      },
    ]);

    gateway.respond();
    await waitFor(() => expect(screen.getByRole('status')).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent(
      "You're registeredYour place at Town Hall: Denver is confirmed.",
    );
    expect(screen.getByLabelText('Full name')).toHaveValue('');
  });

  it('on a full event, joins the waitlist and says the place in the queue', async () => {
    const user = userEvent.setup();
    const gateway = fakeGateway({ status: 201, body: { status: 'waitlisted', position: 3 } });
    renderAt(
      <EventRegistrationForm
        eventId="town-hall-denver"
        eventTitle="Town Hall: Denver"
        registration={{ state: 'waitlist', placesLeft: 0, waitlist: 2 }}
      />,
    );
    expect(screen.getByRole('form', { name: 'Join the waitlist' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Full name'), 'Mary Jackson');
    await user.type(screen.getByLabelText('Email address'), 'mj@example.org');
    await user.click(screen.getByRole('checkbox', { name: /privacy policy/ }));
    await user.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    gateway.respond();
    await waitFor(() => expect(screen.getByRole('status')).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent(
      "You're on the waitlistTown Hall: Denver is full: you are number 3 in the queue.",
    );
  });

  it('says why in a toast when the gateway refuses', async () => {
    const user = userEvent.setup();
    const gateway = fakeGateway({
      status: 503,
      body: { message: 'We could not save your submission just now. Please try again in a few minutes.' },
    });
    renderAt(<EventRegistrationForm eventId="town-hall-denver" eventTitle="Town Hall: Denver" registration={open} />);
    await user.type(screen.getByLabelText('Full name'), 'Mary Jackson');
    await user.type(screen.getByLabelText('Email address'), 'mj@example.org');
    await user.click(screen.getByRole('checkbox', { name: /privacy policy/ }));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    gateway.respond();
    await waitFor(() =>
      expect(toasts).toEqual([
        {
          title: 'Error',
          description: 'We could not save your submission just now. Please try again in a few minutes.',
          variant: 'destructive',
        },
      ]),
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
