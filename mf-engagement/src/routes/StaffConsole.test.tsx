import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '@party/shared-contracts/testing';
import { mockGateway } from '../testing/mock-gateway';
import StaffConsolePage from './StaffConsole';

const communications = { name: 'Grace Hopper', email: 'grace@party.example', role: 'communications' };
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
  it('asks for a sign-in, then opens the sections of the role, the inbox first', async () => {
    const user = userEvent.setup();
    const gateway = mockGateway(
      { status: 200, body: { staff: null } },
      { status: 200, body: communications },
      { status: 200, body: { staff: communications } },
      { status: 200, body: [message] },
    );
    gateway.respond();
    renderAt(<StaffConsolePage />, { url: '/staff' });

    await user.type(await screen.findByLabelText('Email address'), 'grace@party.example');
    await user.type(screen.getByLabelText('Password'), 'a long password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const sections = await screen.findByRole('navigation', { name: 'Console sections' });
    expect([...sections.querySelectorAll('a')].map((link) => link.textContent)).toEqual(['Inbox', 'Subscribers', 'Newsletter']);
    expect(screen.getByRole('link', { name: 'Inbox' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { name: 'Policy question or idea · Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Reply to Ada Lovelace' })).toBeInTheDocument();
    await waitFor(() =>
      expect(gateway.requests.map((request) => request.url)).toEqual(['/api/staff/me', '/api/staff/session', '/api/staff/me', '/api/staff/messages?status=open']),
    );
  });
});
