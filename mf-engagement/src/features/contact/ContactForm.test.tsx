import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { collectToasts, fakeGateway, renderAt } from '@party/remote-test-kit';
import { ContactForm } from './ContactForm';

const toasts = collectToasts();

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
  await user.type(screen.getByLabelText('Email address'), 'Ada@Example.org');
  await user.selectOptions(screen.getByLabelText('Subject'), 'Policy question or idea');
  await user.type(screen.getByLabelText('Message'), 'How will the audit office be funded?');
  await user.click(screen.getByRole('checkbox', { name: /privacy policy/ }));
}

describe('ContactForm', () => {
  it('shows every message of docs/product.md under its field, and focuses the first invalid field', async () => {
    const user = userEvent.setup();
    const gateway = fakeGateway();
    renderAt(<ContactForm />);

    await user.type(screen.getByLabelText('Full name'), 'A');
    await user.type(screen.getByLabelText('Message'), 'Too short');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription('Name must be at least 2 characters');
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription('Please enter a valid email address');
    expect(screen.getByLabelText('Subject')).toHaveAccessibleDescription('Please select a subject');
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription('Message must be at least 10 characters');
    expect(screen.getByRole('checkbox', { name: /privacy policy/ })).toHaveAccessibleDescription(
      'You must agree to the privacy policy',
    );
    expect(screen.getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.getByLabelText('Full name')).toHaveFocus());
    expect(gateway.requests).toHaveLength(0);

    await user.type(screen.getByLabelText('Full name'), 'da');
    expect(screen.getByLabelText('Full name')).not.toHaveAccessibleDescription();
    expect(screen.getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'false');
  });

  it('sends the message, says Sending... meanwhile, then thanks the visitor and empties the form', async () => {
    const user = userEvent.setup();
    const gateway = fakeGateway({ status: 201, body: { received: true } });
    renderAt(<ContactForm />);
    await fillIn(user);

    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(gateway.requests).toEqual([
      {
        url: '/api/contact',
        body: {
          name: 'Ada Lovelace',
          email: 'ada@example.org',
          subject: 'policy',
          message: 'How will the audit office be funded?',
          privacy: true,
        },
      },
    ]);

    gateway.respond();
    expect(await screen.findByRole('button', { name: 'Send Message' })).toBeEnabled();
    expect(toasts).toEqual([{ title: 'Message sent!', description: "We'll get back to you as soon as possible." }]);
    await waitFor(() => expect(screen.getByRole('status')).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent(/Message sent.*reply by email within two working days/);
    expect(screen.getByLabelText('Full name')).toHaveValue('');
    expect(screen.getByLabelText('Subject')).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: /privacy policy/ })).not.toBeChecked();
  });

  it('shows the gateway’s message in a destructive toast and keeps what was typed', async () => {
    const user = userEvent.setup();
    const gateway = fakeGateway({
      status: 503,
      body: { message: 'We could not save your submission just now. Please try again in a few minutes.' },
    });
    gateway.respond();
    renderAt(<ContactForm />);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toEqual({
      title: 'Error',
      description: 'We could not save your submission just now. Please try again in a few minutes.',
      variant: 'destructive',
    });
    expect(screen.getByLabelText('Full name')).toHaveValue('Ada Lovelace');
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  it('falls back to the sentence of docs/product.md when the network fails', async () => {
    const user = userEvent.setup();
    fakeGateway(new TypeError('Failed to fetch')).respond();
    renderAt(<ContactForm />);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]?.description).toBe('Failed to send message. Please try again.');
  });

  it('puts the gateway’s field messages under their fields', async () => {
    const user = userEvent.setup();
    fakeGateway({
      status: 400,
      body: {
        message: 'Some fields need your attention.',
        fieldErrors: { email: 'Please enter a valid email address' },
      },
    }).respond();
    renderAt(<ContactForm />);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription('Please enter a valid email address'),
    );
    expect(screen.getByLabelText('Email address')).toHaveFocus();
  });
});
