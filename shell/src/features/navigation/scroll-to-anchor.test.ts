import { scrollToAnchor } from './scroll-to-anchor';

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

    const section = document.createElement('section');
    section.id = 'values';
    document.body.append(section);
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect(scrollIntoView).toHaveBeenCalledTimes(1);
  });

  it('stops waiting after a bounded time', async () => {
    jest.useFakeTimers();
    scrollToAnchor('never');
    jest.advanceTimersByTime(5000);
    jest.useRealTimers();

    const late = document.createElement('section');
    late.id = 'never';
    document.body.append(late);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(scrollIntoView).not.toHaveBeenCalled();
  });

  it('does not animate for visitors who prefer reduced motion', () => {
    (window.matchMedia as jest.Mock).mockReturnValue({ matches: true });
    document.body.innerHTML = '<section id="calm"></section>';
    scrollToAnchor('calm');
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'auto', block: 'start' });
  });
});
