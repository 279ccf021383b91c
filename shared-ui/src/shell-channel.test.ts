import {
  loadRemoteWidget,
  onPageMetaSet,
  onRemoteWidgetRequested,
  onToastRaised,
  raiseToast,
  setPageMeta,
} from './shell-channel';

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

describe('loading another remote’s widget', () => {
  function Widget() {
    return null;
  }

  it('resolves to the component the shell loads', async () => {
    const stop = onRemoteWidgetRequested(({ id, respond }) => {
      expect(id).toBe('mf-engagement/NewsletterSignup');
      respond(Promise.resolve({ default: Widget }));
    });
    await expect(loadRemoteWidget('mf-engagement/NewsletterSignup')).resolves.toEqual({ default: Widget });
    stop();
  });

  it('fails when no shell listens, when loading fails, and when the module has no component', async () => {
    await expect(loadRemoteWidget('mf-engagement/NewsletterSignup')).rejects.toThrow(/No shell/);

    let answer: Promise<unknown> = Promise.reject(new Error('RUNTIME-003'));
    const stop = onRemoteWidgetRequested(({ respond }) => respond(answer));
    await expect(loadRemoteWidget('mf-engagement/NewsletterSignup')).rejects.toThrow('RUNTIME-003');
    answer = Promise.resolve({ default: 'not a component' });
    await expect(loadRemoteWidget('mf-engagement/NewsletterSignup')).rejects.toThrow(/does not export a component/);
    stop();
  });
});
