import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeGateway, renderAt } from '@party/remote-test-kit';
import StaffConsolePage from './StaffConsole';

const communications = { name: 'Grace Hopper', email: 'grace@party.example', role: 'communications', duties: [] };
const message = {
  id: '7',
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  subject: 'policy',
  message: 'How will the audit office be funded?',
  receivedAt: '2026-11-20T10:00:00Z',
  answeredAt: null,
  answeredBy: null,
};

describe('the staff console', () => {
  it('asks for the password, then the second factor, then opens the sections of the role, the inbox first', async () => {
    const user = userEvent.setup();
    const factors = { passkey: false, app: true, recoveryCodes: 10 };
    const gateway = fakeGateway(
      {
        status: 200,
        body: {
          staff: null,
          step: null,
          factors: { passkey: false, app: false, recoveryCodes: 0 },
          factorAgeSeconds: null,
        },
      },
      { status: 200, body: { staff: communications, step: 'factor', factors, factorAgeSeconds: null } },
      { status: 200, body: { staff: communications, step: 'factor', factors, factorAgeSeconds: null } },
      { status: 401, body: { message: 'That did not match: please try again.' } },
      { status: 200, body: { staff: communications, step: 'signed-in', factors, factorAgeSeconds: 0 } },
      { status: 200, body: [message] },
    );
    gateway.respond();
    renderAt(<StaffConsolePage />, { url: '/staff' });

    await user.type(await screen.findByLabelText('Email address'), 'grace@party.example');
    await user.type(screen.getByLabelText('Password'), 'a long password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    // No passkey on this account: the code alone is asked for; a wrong one is said, and focused.
    const code = await screen.findByLabelText('Code from your authenticator app, or a recovery code');
    expect(screen.queryByRole('button', { name: 'Use my passkey' })).not.toBeInTheDocument();
    await user.type(code, '000 000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That did not match: please try again.');
    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const sections = await screen.findByRole('navigation', { name: 'Console sections' });
    expect([...sections.querySelectorAll('a')].map((link) => link.textContent)).toEqual([
      'Inbox',
      'Subscribers',
      'Newsletter',
      'Events',
      'Consultations',
      'Your sign-in',
    ]);
    expect(screen.getByRole('link', { name: 'Inbox' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { name: 'Policy question or idea · Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your reply to Ada Lovelace' })).toBeInTheDocument();
    await waitFor(() =>
      expect(gateway.requests.map((request) => request.url)).toEqual([
        '/api/staff/me',
        '/api/staff/session',
        '/api/staff/me',
        '/api/staff/session/factor',
        '/api/staff/session/factor',
        '/api/staff/messages?status=open',
      ]),
    );
    expect(gateway.requests[4]!.body).toEqual({ code: '123456' });
  });
});
