import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffPreviewLink, StaffReleaseLine } from '@party/shared-contracts';
import { collectToasts, fakeGatewayAnswering, renderAt } from '@party/remote-test-kit';
import { StaffReleases } from './StaffReleases';

const toasts = collectToasts();

const donateLine: StaffReleaseLine = {
  remote: 'mf-donate',
  prefixes: ['/donate'],
  active: { version: '1.0.0', since: '2026-11-27T09:00:00Z' },
  canary: null,
  lastHour: [],
  previewable: ['1.2.0'],
  history: [],
};
const link: StaffPreviewLink = {
  id: '0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0',
  remote: 'mf-donate',
  version: '1.2.0',
  madeBy: 'donate team (token 3)',
  madeAt: '2026-11-28T09:00:00Z',
  expiresAt: '2026-11-29T09:00:00Z',
};

describe('the staff console’s releases', () => {
  it('lists every preview link that still works, and ends one for everyone who opened it', async () => {
    const user = userEvent.setup();
    let open = [link];
    const gateway = fakeGatewayAnswering(({ method, url }) => {
      if (url === '/api/staff/releases') return { status: 200, body: [donateLine] };
      if (url === '/api/staff/preview-links') return { status: 200, body: open };
      if (method === 'DELETE' && url === `/api/staff/preview-links/${link.id}`) {
        open = [];
        return { status: 204 };
      }
      return { status: 404, body: { message: `Not in this test: ${method} ${url}` } };
    });
    gateway.respond();
    renderAt(<StaffReleases />);

    const links = await screen.findByRole('table', { name: 'Preview links that still work, newest first' });
    expect(within(links).getByRole('cell', { name: 'mf-donate 1.2.0' })).toBeInTheDocument();
    expect(within(links).getByRole('cell', { name: 'donate team (token 3)' })).toBeInTheDocument();
    await user.click(within(links).getByRole('button', { name: /^End this link to mf-donate 1\.2\.0/ }));

    await waitFor(() =>
      expect(toasts).toEqual([
        {
          title: 'Preview link ended',
          description: 'The link to mf-donate 1.2.0 no longer works, for anyone who opened it.',
        },
      ]),
    );
    expect(await screen.findByText('No preview link works now.')).toBeInTheDocument();
  });
});
