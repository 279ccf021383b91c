import { onPageMetaSet, onToastRaised, raiseToast, setPageMeta } from './shell-channel';

describe('the shell channel', () => {
  it('delivers a raised toast to the listener, until it unsubscribes', () => {
    const received: unknown[] = [];
    const stop = onToastRaised((toast) => received.push(toast));

    raiseToast({ title: 'Message sent!', description: "We'll get back to you as soon as possible." });
    stop();
    raiseToast({ description: 'not delivered' });

    expect(received).toEqual([{ title: 'Message sent!', description: "We'll get back to you as soon as possible." }]);
  });

  it('delivers page meta to the listener', () => {
    const listener = jest.fn();
    const stop = onPageMetaSet(listener);
    setPageMeta({ title: 'Donate', description: 'Donate ETH' });
    stop();
    expect(listener).toHaveBeenCalledWith({ title: 'Donate', description: 'Donate ETH' });
  });
});
