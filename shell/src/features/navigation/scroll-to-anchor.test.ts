import { scrollToAnchor } from './scroll-to-anchor';

/**
 * Appends a section with `id` and resolves once an observer made now has seen it: observers are told
 * in the order they were made, so one watching for the anchor has been told by then.
 */
function appended(id: string): Promise<unknown> {
  const seen = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      observer.disconnect();
      resolve(undefined);
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
  const section = document.createElement('section');
  section.id = id;
  document.body.append(section);
  return seen;
}

describe('scrollToAnchor', () => {
  const scrollIntoView = jest.fn();
  // Each test starts afresh, whatever ran before it.
  beforeEach(() => {
    scrollIntoView.mockClear();
    Element.prototype.scrollIntoView = scrollIntoView;
    window.matchMedia = jest.fn().mockReturnValue({ matches: false });
  });
  afterEach(() => {
    document.body.innerHTML = '';
    jest.useRealTimers();
  });

  it('scrolls smoothly to an element that is already there', () => {
    document.body.innerHTML = '<section id="jane-doe"></section>';
    scrollToAnchor('jane-doe');
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
  });

  it('waits for a page that renders the element later', async () => {
    scrollToAnchor('values');
    expect(scrollIntoView).not.toHaveBeenCalled();

    await appended('values');

    expect(scrollIntoView).toHaveBeenCalledTimes(1);
  });

  it('stops waiting after a bounded time', async () => {
    jest.useFakeTimers();
    scrollToAnchor('never');
    jest.advanceTimersByTime(5000);
    jest.useRealTimers();

    await appended('never');
    expect(scrollIntoView).not.toHaveBeenCalled();
  });

  it('does not animate for visitors who prefer reduced motion', () => {
    (window.matchMedia as jest.Mock).mockReturnValue({ matches: true });
    document.body.innerHTML = '<section id="calm"></section>';
    scrollToAnchor('calm');
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'auto', block: 'start' });
  });
});
