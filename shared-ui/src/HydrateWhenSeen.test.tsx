// jsdom has no IntersectionObserver: this one reports what the test says is on screen.
const observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
class FakeIntersectionObserver {
  private readonly watching: { callback: IntersectionObserverCallback; targets: Element[] };
  constructor(callback: IntersectionObserverCallback) {
    this.watching = { callback, targets: [] };
    observers.push(this.watching);
  }
  observe(target: Element) {
    this.watching.targets.push(target);
  }
  disconnect() {
    observers.splice(observers.indexOf(this.watching), 1);
  }
}

function comeIntoView(target: Element) {
  for (const { callback, targets } of [...observers])
    if (targets.includes(target))
      callback([{ target, isIntersecting: true } as unknown as IntersectionObserverEntry], {} as IntersectionObserver);
}

type ReactModule = typeof import('react');
type Gate = typeof import('./HydrateWhenSeen').HydrateWhenSeen;
const counts = { mounted: 0, clicks: 0 };

/** A heading, then a part below the fold that counts its mounts and the clicks on its button. */
function pageTree(React: ReactModule, HydrateWhenSeen: Gate) {
  function Part() {
    React.useEffect(() => void (counts.mounted += 1), []);
    return React.createElement(
      'section',
      null,
      React.createElement('button', { type: 'button', onClick: () => (counts.clicks += 1) }, 'Count'),
    );
  }
  return React.createElement(
    'main',
    null,
    React.createElement('h1', null, 'Page'),
    React.createElement(HydrateWhenSeen, { id: 'below-the-fold', children: React.createElement(Part) }),
  );
}

/**
 * A page as the browser meets it: the server's HTML, then this module evaluated (it reads which
 * parts the server rendered) and the page hydrated. Server and browser each have their own modules,
 * React included, as a new page load has.
 */
async function loadPage({ serverRendered = true } = {}) {
  const container = document.createElement('div');
  document.body.replaceChildren(container);
  counts.mounted = counts.clicks = 0;
  if (serverRendered)
    await jest.isolateModulesAsync(async () => {
      const React = await import('react');
      const { renderToString } = await import('react-dom/server');
      const { HydrateWhenSeen } = await import('./HydrateWhenSeen');
      container.innerHTML = renderToString(pageTree(React, HydrateWhenSeen));
    });
  let act!: (work: () => unknown) => Promise<void>;
  await jest.isolateModulesAsync(async () => {
    const React = await import('react');
    const { hydrateRoot, createRoot } = await import('react-dom/client');
    const { HydrateWhenSeen } = await import('./HydrateWhenSeen');
    act = (work) => React.act(async () => void (await work()));
    const tree = pageTree(React, HydrateWhenSeen);
    await act(() => (serverRendered ? hydrateRoot(container, tree) : createRoot(container).render(tree)));
  });
  return { act, section: () => container.querySelector('section')! };
}

describe('HydrateWhenSeen', () => {
  beforeEach(() => {
    observers.length = 0;
    globalThis.IntersectionObserver = FakeIntersectionObserver as unknown as typeof IntersectionObserver;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterEach(() => {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  });

  it('leaves the server’s HTML unhydrated until it comes into view, then hydrates it in place', async () => {
    const page = await loadPage();
    const section = page.section();
    expect(counts.mounted).toBe(0);
    await page.act(() => comeIntoView(section));
    expect(counts.mounted).toBe(1);
    expect(page.section()).toBe(section);
    await page.act(() => section.querySelector('button')!.click());
    expect(counts.clicks).toBe(1);
  });

  it('hydrates at once for a click that reaches it first, and the click takes effect', async () => {
    const page = await loadPage();
    await page.act(() => page.section().querySelector('button')!.click());
    expect(counts.mounted).toBe(1);
    expect(counts.clicks).toBe(1);
  });

  it('hydrates when the visitor moves focus into it', async () => {
    const page = await loadPage();
    await page.act(() => page.section().querySelector('button')!.focus());
    expect(counts.mounted).toBe(1);
  });

  it('renders at once where the server did not render it', async () => {
    const page = await loadPage({ serverRendered: false });
    expect(counts.mounted).toBe(1);
    await page.act(() => page.section().querySelector('button')!.click());
    expect(counts.clicks).toBe(1);
  });
});
