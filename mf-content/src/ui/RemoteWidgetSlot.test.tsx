import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type NewsletterSignupProps, type WidgetFailure } from '@party/shared-contracts';
import { onRemoteWidgetRequested, onWidgetFailureReported } from '@party/shared-ui';
import { reloadPage } from './reload-page';
import { RemoteWidgetSlot } from './RemoteWidgetSlot';

jest.mock('./reload-page', () => ({ reloadPage: jest.fn() }));

const newsletter = { idPrefix: 'news', layout: 'band', headingLevel: 2 } as const;

function FakeSignup({ idPrefix, layout, headingLevel }: NewsletterSignupProps) {
  return <p>{`signup ${idPrefix} ${layout} h${headingLevel}`}</p>;
}

describe('RemoteWidgetSlot', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));

  it('shows the engagement remote’s sign-up through the shell', async () => {
    const stop = onRemoteWidgetRequested(({ id, respond }) => {
      expect(id).toBe('mf-engagement/NewsletterSignup');
      respond(Promise.resolve({ default: FakeSignup }));
    });
    render(<RemoteWidgetSlot widget="mf-engagement/NewsletterSignup" props={newsletter} what="newsletter sign-up" />);
    expect(await screen.findByText('signup news band h2')).toBeInTheDocument();
    stop();
  });
});

// A lazy keeps what it first got, for the page's lifetime: a module of its own per outcome.
describe('RemoteWidgetSlot when the engagement remote cannot be loaded', () => {
  beforeEach(() => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('shows a fallback, and Try again loads the page again', async () => {
    await jest.isolateModulesAsync(async () => {
      const { RemoteWidgetSlot: IsolatedSlot } = await import('./RemoteWidgetSlot');
      const user = userEvent.setup();
      render(<IsolatedSlot widget="mf-engagement/NewsletterSignup" props={newsletter} what="newsletter sign-up" />);
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'The newsletter sign-up could not be loaded just now.',
      );
      await user.click(screen.getByRole('button', { name: 'Try again' }));
      expect(jest.mocked(reloadPage)).toHaveBeenCalledTimes(1);
    });
    // React reports the error its boundary caught, the one expected here, and nothing else.
    const reported = jest.mocked(console.error).mock.calls.map((call) => (call[1] as Error).message);
    expect(new Set(reported)).toEqual(new Set(['No shell on this page loads mf-engagement/NewsletterSignup']));
  });
});

describe('RemoteWidgetSlot when the widget fails while rendering', () => {
  beforeEach(() => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    // React reports the error the boundary caught; it is the point of this test.
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('shows its fallback and tells the shell, for the failure reports', async () => {
    const failures: WidgetFailure[] = [];
    const stopFailures = onWidgetFailureReported((failure) => failures.push(failure));
    const stopWidgets = onRemoteWidgetRequested(({ respond }) =>
      respond(
        Promise.resolve({
          default: () => {
            throw new Error('render failed');
          },
        }),
      ),
    );
    await jest.isolateModulesAsync(async () => {
      const { RemoteWidgetSlot: IsolatedSlot } = await import('./RemoteWidgetSlot');
      render(<IsolatedSlot widget="mf-engagement/NewsletterSignup" props={newsletter} what="newsletter sign-up" />);
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'The newsletter sign-up could not be loaded just now.',
      );
    });
    expect(failures).toEqual([
      { id: 'mf-engagement/NewsletterSignup', error: expect.objectContaining({ message: 'render failed' }) },
    ]);
    stopWidgets();
    stopFailures();
  });
});
