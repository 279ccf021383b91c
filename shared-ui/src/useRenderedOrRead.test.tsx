import { act, renderHook, waitFor } from '@testing-library/react';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '@party/shared-contracts';
import { useRenderedOrRead } from './useRenderedOrRead';

const ledgerIn = (data: PageData) => data.donationLedger?.currency;

function renderedWith(data: PageData) {
  document.body.append(
    Object.assign(document.createElement('script'), {
      id: PAGE_DATA_ELEMENT_ID,
      type: 'application/json',
      textContent: JSON.stringify(data),
    }),
  );
}

afterEach(() => document.getElementById(PAGE_DATA_ELEMENT_ID)?.remove());

describe('useRenderedOrRead', () => {
  it('shows what the page was rendered with at once, and reads nothing', () => {
    renderedWith({ donationLedger: { currency: 'USD' } } as unknown as PageData);
    const read = jest.fn(() => Promise.resolve('read'));
    const { result } = renderHook(() => useRenderedOrRead(ledgerIn, read, 'ledger'));
    expect(result.current.load).toEqual({ state: 'loaded', value: 'USD' });
    expect(read).not.toHaveBeenCalled();
  });

  it('reads once when the page holds none, and says when the read fails', async () => {
    const read = jest.fn(() => Promise.resolve('read'));
    const { result } = renderHook(() => useRenderedOrRead(ledgerIn, read, 'ledger'));
    expect(result.current.load).toEqual({ state: 'loading' });
    await waitFor(() => expect(result.current.load).toEqual({ state: 'loaded', value: 'read' }));
    expect(read).toHaveBeenCalledTimes(1);

    const failing = renderHook(() => useRenderedOrRead(ledgerIn, () => Promise.reject(new Error('503')), 'ledger'));
    await waitFor(() => expect(failing.result.current.load).toEqual({ state: 'failed' }));
  });

  it('reads again for another key, and shows a value replaced after an action', async () => {
    const read = jest.fn((key: string) => Promise.resolve(`event ${key}`));
    const { result, rerender } = renderHook(({ key }) => useRenderedOrRead(ledgerIn, () => read(key), key), {
      initialProps: { key: 'a' },
    });
    await waitFor(() => expect(result.current.load).toEqual({ state: 'loaded', value: 'event a' }));
    rerender({ key: 'b' });
    await waitFor(() => expect(result.current.load).toEqual({ state: 'loaded', value: 'event b' }));
    expect(read.mock.calls).toEqual([['a'], ['b']]);

    act(() => result.current.replace('changed'));
    expect(result.current.load).toEqual({ state: 'loaded', value: 'changed' });
    expect(read).toHaveBeenCalledTimes(2);
  });
});
