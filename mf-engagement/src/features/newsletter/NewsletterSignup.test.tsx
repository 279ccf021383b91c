import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { collectToasts, fakeGateway, renderAt } from '@party/remote-test-kit';
import NewsletterSignup from './NewsletterSignup';

const toasts = collectToasts();
const renderSignup = () => renderAt(<NewsletterSignup idPrefix="test" layout="panel" headingLevel={2} />);

describe('NewsletterSignup', () => {
  it('answers an empty address with the toast of docs/product.md, and sends nothing', async () => {
    const user = userEvent.setup();
    const gateway = fakeGateway();
    renderSignup();
    await user.type(screen.getByLabelText('Email address'), '   ');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    expect(toasts).toEqual([
      { title: 'Error', description: 'Please enter your email address', variant: 'destructive' },
    ]);
    expect(screen.getByLabelText('Email address')).toHaveFocus();
    expect(gateway.requests).toHaveLength(0);
  });

  it('puts a malformed address’s message under the field', async () => {
    const user = userEvent.setup();
    const gateway = fakeGateway();
    renderSignup();
    await user.type(screen.getByLabelText('Email address'), 'reader@');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription('Please enter a valid email address');
    expect(gateway.requests).toHaveLength(0);
  });

  it('subscribes, showing ... meanwhile, then confirms and empties the field', async () => {
    const user = userEvent.setup();
    const gateway = fakeGateway({ status: 201, body: { received: true } });
    renderSignup();
    await user.type(screen.getByLabelText('Email address'), 'reader@example.org');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    // The '...' of docs/product.md is what sighted visitors see; a screen reader hears what is happening.
    expect(screen.getByRole('button', { name: 'Subscribing' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Subscribing' })).toHaveTextContent('...');
    expect(gateway.requests).toEqual([{ url: '/api/newsletter', body: { email: 'reader@example.org' } }]);
    gateway.respond();
    await waitFor(() =>
      expect(toasts).toEqual([
        { title: 'Subscribed!', description: "You've successfully subscribed to our newsletter." },
      ]),
    );
    expect(screen.getByLabelText('Email address')).toHaveValue('');
    // Double opt-in: what to do next stays beside the form, and takes the focus.
    expect(screen.getByRole('status')).toHaveTextContent('Open the link in the email we have just sent you');
    await waitFor(() => expect(screen.getByRole('status')).toHaveFocus());
  });

  it('shows the fallback sentence when the gateway gives no message', async () => {
    const user = userEvent.setup();
    fakeGateway({ status: 500 }).respond();
    renderSignup();
    await user.type(screen.getByLabelText('Email address'), 'reader@example.org');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    await waitFor(() =>
      expect(toasts).toEqual([
        { title: 'Error', description: 'Failed to subscribe. Please try again.', variant: 'destructive' },
      ]),
    );
    expect(screen.getByLabelText('Email address')).toHaveValue('reader@example.org');
  });

  it('names its heading at the level the page asks for', () => {
    renderSignup();
    expect(screen.getByRole('heading', { level: 2, name: 'Get the evidence in your inbox' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Get the evidence in your inbox' })).toBeInTheDocument();
  });
});
