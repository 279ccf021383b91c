import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { raiseToast } from '@party/shared-ui';
import { listenToShellChannel } from '../../app/listen-to-shell-channel';
import { createRemoteLoader } from '../remotes/remote-loader';
import { LazyToaster } from './LazyToaster';
import { toastStore } from './toast-store';

// The toast UI as it is, counting its renders: a LazyToaster that mounted it (and so loaded its code)
// before it was needed would show here.
const mockToasterRenders = jest.fn();
jest.mock('./Toaster', () => {
  const { createElement } = jest.requireActual<typeof import('react')>('react');
  const { Toaster } = jest.requireActual<typeof import('./Toaster')>('./Toaster');
  return {
    Toaster: (props: Parameters<typeof Toaster>[0]) => {
      mockToasterRenders();
      return createElement(Toaster, props);
    },
  };
});

describe('toasts raised through the shell channel', () => {
  let stop: () => void;
  beforeEach(() => {
    stop = listenToShellChannel(
      createRemoteLoader({ source: (id) => Promise.reject(new Error(`No remote ${id} in these tests`)) }),
    );
  });
  afterEach(() => {
    stop();
    act(() => toastStore.setState({ toasts: [] }));
  });

  it('renders nothing, and mounts no toast UI (whose code it would load), before the first toast', async () => {
    // render() runs every effect before it returns: nothing that could mount the UI is left pending.
    const { container } = render(<LazyToaster />);
    expect(container).toBeEmptyDOMElement();
    expect(mockToasterRenders).not.toHaveBeenCalled();
    act(() => raiseToast({ title: 'Message sent!', description: 'Thank you.' }));
    await screen.findByText('Message sent!');
    expect(mockToasterRenders).toHaveBeenCalled();
  });

  it('mounts the notifications region on F8 before any toast, and focuses it', async () => {
    render(<LazyToaster />);
    fireEvent.keyDown(document, { key: 'F8' });
    const region = await screen.findByRole('region', { name: /notifications/i });
    await waitFor(() => expect(region.querySelector('ol')).toHaveFocus());
  });

  it('shows a toast that a remote raises, in the notifications region, and dismisses it', async () => {
    render(<LazyToaster />);

    act(() => raiseToast({ title: 'Message sent!', description: "We'll get back to you as soon as possible." }));

    expect(await screen.findByText('Message sent!')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /notifications/i })).toBeInTheDocument();

    // jsdom has no pointer capture, which Radix's swipe handling uses: click without pointer events.
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(toastStore.getState().toasts[0]?.open).toBe(false);
  });

  it('marks a destructive toast as such', async () => {
    render(<LazyToaster />);
    act(() =>
      raiseToast({ title: 'Error', description: 'Failed to subscribe. Please try again.', variant: 'destructive' }),
    );
    const description = await screen.findByText('Failed to subscribe. Please try again.');
    expect(description.closest('[data-variant]')).toHaveAttribute('data-variant', 'destructive');
  });
});
