import { liveSnapshots } from './live-snapshots.js';

const entry = (base: string, name: string) => ({ base, name });

describe('the live registry snapshots', () => {
  it('keeps the variants of the active releases, most recently used last, up to its capacity', () => {
    const retired: string[] = [];
    const live = liveSnapshots<ReturnType<typeof entry>>((gone) => retired.push(gone.name), 3);
    live.add('r1', entry('r1', 'all'));
    live.add('r1+c0', entry('r1', 'canary side'));
    live.add('r1+c1', entry('r1', 'other side'));
    expect(live.latest()?.name).toBe('other side');
    expect(live.use('r1')?.name).toBe('all');
    expect(live.latest()?.name).toBe('all');
    live.add('r1+c2', entry('r1', 'third'));
    // The least recently used went: the canary side, since 'all' was used since.
    expect(retired).toEqual(['canary side']);
    expect(live.values().map((kept) => kept.name)).toEqual(['other side', 'all', 'third']);
  });

  it('retires every snapshot of the releases before a switch, and the entry a key replaces', () => {
    const retired: string[] = [];
    const live = liveSnapshots<ReturnType<typeof entry>>((gone) => retired.push(gone.name));
    const first = entry('r1', 'first');
    live.add('r1', first);
    live.add('r1+c0', entry('r1', 'canary'));
    live.add('r2', entry('r2', 'switched'));
    expect(retired).toEqual(['first', 'canary']);
    expect(live.isLive('r1', first)).toBe(false);
    const again = entry('r2', 'restarted');
    live.add('r2', again);
    expect(retired).toEqual(['first', 'canary', 'switched']);
    expect(live.isLive('r2', again)).toBe(true);
    expect(live.use('r1')).toBeUndefined();
  });
});
