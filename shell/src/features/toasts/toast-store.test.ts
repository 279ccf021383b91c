import { createToastStore } from './toast-store';

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

  // The figures are the product's (docs/product.md, section 4), written here, not read from the code.
  it('defaults to the default variant and a 5000 ms duration', () => {
    const store = createToastStore();
    store.getState().show({ description: 'Hello' });
    expect(store.getState().toasts[0]).toMatchObject({ variant: 'default', duration: 5000 });
  });

  it('closes a dismissed toast at once and removes it 1,000,000 ms later', () => {
    jest.useFakeTimers();
    const store = createToastStore();
    const id = store.getState().show({ description: 'Subscribed!' });

    store.getState().dismiss(id);
    expect(store.getState().toasts[0]?.open).toBe(false);

    jest.advanceTimersByTime(999_999);
    expect(store.getState().toasts).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(store.getState().toasts).toHaveLength(0);
  });

  it('gives every toast its own id', () => {
    const store = createToastStore();
    const first = store.getState().show({ description: 'one' });
    const second = store.getState().show({ description: 'two' });
    expect(first).not.toBe(second);
  });
});
