import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PAGE_DATA_ELEMENT_ID, type FormSubmission } from '@party/shared-contracts';
import { fakeGateway, renderAt } from '@party/remote-test-kit';
import { EmailLinkAction } from './EmailLinkAction';

const confirmAction = (
  <EmailLinkAction
    pageForm="newsletterConfirmation"
    endpoint="/api/newsletter/confirm"
    heading="Confirm your subscription"
    action="Confirm my subscription"
    pendingAction="Confirming..."
    done={{ heading: "You're subscribed", text: 'Thank you for confirming.' }}
    fallbackFailure="We could not confirm your subscription just now."
  />
);

afterEach(() => document.getElementById(PAGE_DATA_ELEMENT_ID)?.remove());

describe('EmailLinkAction', () => {
  it('does nothing on loading, and posts the link’s token when the button is pressed', async () => {
    const user = userEvent.setup();
    const gateway = fakeGateway({ status: 200, body: { done: true } });
    renderAt(confirmAction, { url: '/newsletter/confirm?token=abc.0.sig%2B' });
    expect(gateway.requests).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Confirm my subscription' }));
    expect(screen.getByRole('button', { name: 'Confirming...' })).toBeDisabled();
    expect(gateway.requests).toEqual([{ url: '/api/newsletter/confirm?token=abc.0.sig%2B', body: {} }]);
    gateway.respond();

    await waitFor(() => expect(screen.getByRole('status')).toHaveFocus());
    expect(screen.getByRole('heading', { name: "You're subscribed" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read the latest news' })).toHaveAttribute('href', '/news');
  });

  it('says why it failed, with the gateway’s words, and offers the sign-up again', async () => {
    const user = userEvent.setup();
    fakeGateway({ status: 410, body: { message: 'This link has expired or has already been used.' } }).respond();
    renderAt(confirmAction, { url: '/newsletter/confirm?token=used' });
    await user.click(screen.getByRole('button', { name: 'Confirm my subscription' }));

    await waitFor(() => expect(screen.getByRole('alert')).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent('This link has expired or has already been used.');
    expect(screen.queryByRole('button', { name: 'Confirm my subscription' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
  });

  it('explains a link that arrived without its token', () => {
    renderAt(confirmAction, { url: '/newsletter/confirm' });
    expect(screen.getByRole('alert')).toHaveTextContent('This link is incomplete.');
    expect(screen.queryByRole('button', { name: 'Confirm my subscription' })).not.toBeInTheDocument();
  });

  it('is a form the browser can post without the page’s code, the token kept in the address', () => {
    renderAt(confirmAction, { url: '/newsletter/confirm?token=abc' });
    const form = screen.getByRole('button', { name: 'Confirm my subscription' }).closest('form')!;
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '#form-newsletterConfirmation');
    expect(form.querySelector('input[type="hidden"]')).toHaveAttribute('value', 'newsletterConfirmation');
  });

  it('says it is done when the gateway answered the browser’s own post', () => {
    const gateway = fakeGateway();
    renderAt(confirmAction, { url: '/newsletter/confirm?sent=newsletterConfirmation' });
    expect(screen.getByRole('heading', { name: "You're subscribed" })).toBeInTheDocument();
    expect(gateway.requests).toHaveLength(0);
  });

  it('says why the gateway refused the browser’s own post, and offers the sign-up again', () => {
    const refused: FormSubmission = {
      form: 'newsletterConfirmation',
      status: 410,
      values: {},
      fieldErrors: {},
      message: 'This link has expired or has already been used.',
    };
    document.body.append(
      Object.assign(document.createElement('script'), {
        id: PAGE_DATA_ELEMENT_ID,
        type: 'application/json',
        textContent: JSON.stringify({ formSubmission: refused }),
      }),
    );
    renderAt(confirmAction, { url: '/newsletter/confirm?token=used' });
    expect(screen.getByRole('alert')).toHaveTextContent('This link has expired or has already been used.');
    expect(screen.queryByRole('button', { name: 'Confirm my subscription' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
  });
});
