import { pageCache, pageKey } from './page-cache.js';

describe('the page cache of a snapshot', () => {
  it('keys a page by origin, URL and the data it was rendered with', () => {
    expect(pageKey('https://a.example', '/donate')).toBe('https://a.example/donate');
    expect(pageKey('https://a.example', '/donate', { key: 'd1', data: { donations: [] } as never })).toBe(
      'https://a.example/donate#d1',
    );
    expect(pageKey('https://a.example', '/donate')).not.toBe(pageKey('https://b.example', '/donate'));
  });

  it('keeps at most its capacity, the oldest going first, and no page of a very long URL', () => {
    const cache = pageCache<string>(2);
    cache.remember('a', '/a', 'A');
    cache.remember('b', '/b', 'B');
    cache.remember('a', '/a', 'A2');
    expect(cache.get('a')).toBe('A2');
    cache.remember('c', '/c', 'C');
    expect([cache.has('a'), cache.has('b'), cache.has('c')]).toEqual([false, true, true]);
    const search = `/news?q=${'x'.repeat(400)}`;
    cache.remember(search, search, 'S');
    expect(cache.has(search)).toBe(false);
    expect(cache.has('b')).toBe(true);
  });

  it('renders a page asked for twice at once only once, and again once that render has ended', async () => {
    const cache = pageCache<string>();
    let renders = 0;
    let finish: (page: string) => void = () => undefined;
    const render = () => new Promise<string>((resolve) => ((renders += 1), (finish = resolve)));
    const first = cache.once('a', render);
    const second = cache.once('a', render);
    finish('A');
    expect(await Promise.all([first, second])).toEqual(['A', 'A']);
    expect(renders).toBe(1);
    const third = cache.once('a', render);
    finish('A again');
    expect(await third).toBe('A again');
    expect(renders).toBe(2);
  });

  it('lets a failed render be tried again', async () => {
    const cache = pageCache<string>();
    await expect(cache.once('a', () => Promise.reject(new Error('renderer gone')))).rejects.toThrow('renderer gone');
    expect(await cache.once('a', async () => 'A')).toBe('A');
  });
});
