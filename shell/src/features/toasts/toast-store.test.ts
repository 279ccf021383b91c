import { createToastStore, TOAST_DEFAULT_DURATION_MS, TOAST_REMOVE_DELAY_MS } from './toast-store';

describe('the toast store', () => {
  afterEach(() => jest.useRealTimers());

  it('shows one toast at a time: a new one replaces the previous', () => {
    const store = createToastStore();
    store.getState().show({ title: 'Wallet Connected', description: 'Your wallet has been connected successfully.' });
    store
      .getState()
      .show({ title: 'Error', description: 'Failed to send message. Please try again.', variant: 'destructive' });

    const { toasts } = store.getState();
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({ title: 'Error', variant: 'destructive', open: true });
  });

  it('defaults to the default variant and a 5000 ms duration', () => {
    const store = createToastStore();
    store.getState().show({ description: 'Hello' });
    expect(store.getState().toasts[0]).toMatchObject({ variant: 'default', duration: TOAST_DEFAULT_DURATION_MS });
    expect(TOAST_DEFAULT_DURATION_MS).toBe(5000);
  });

  it('closes a dismissed toast at once and removes it 1,000,000 ms later', () => {
    jest.useFakeTimers();
    const store = createToastStore();
    const id = store.getState().show({ description: 'Subscribed!' });

    store.getState().dismiss(id);
    expect(store.getState().toasts[0]?.open).toBe(false);

    jest.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(store.getState().toasts).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(store.getState().toasts).toHaveLength(0);
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
  });

  it('gives every toast its own id', () => {
    const store = createToastStore();
    const first = store.getState().show({ description: 'one' });
    const second = store.getState().show({ description: 'two' });
    expect(first).not.toBe(second);
  });
});
