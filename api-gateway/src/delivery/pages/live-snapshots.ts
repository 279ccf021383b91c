/** Snapshots served at once, each with its renderer: the active releases and canary variants. */
const LIVE_SNAPSHOTS = 4;

/** What is kept per registry snapshot; `base` is the key of the snapshot it is a variant of. */
interface SnapshotEntry {
  base: string;
}

/**
 * The registry snapshots whose pages are served now, by key, most recently used last. When releases
 * switch (a new base), every variant of the old ones goes; beyond `capacity`, the least recently
 * used. What goes is handed to `retire` (which lets its renders finish, then ends its renderer).
 */
export function liveSnapshots<Entry extends SnapshotEntry>(retire: (entry: Entry) => void, capacity = LIVE_SNAPSHOTS) {
  const live = new Map<string, Entry>();
  return {
    /** The entry of `key`, now the most recently used; undefined when none is live. */
    use(key: string): Entry | undefined {
      const entry = live.get(key);
      if (entry) {
        live.delete(key);
        live.set(key, entry);
      }
      return entry;
    },
    /** The most recently used entry. */
    latest: (): Entry | undefined => [...live.values()].at(-1),
    isLive: (key: string, entry: Entry): boolean => live.get(key) === entry,
    /** Serves `entry` for `key` from now on, retiring the one it replaces and those no longer served. */
    add(key: string, entry: Entry): void {
      const replaced = live.get(key);
      live.delete(key);
      if (replaced) retire(replaced);
      live.set(key, entry);
      for (const [other, kept] of live) {
        if (kept.base === entry.base && live.size <= capacity) continue;
        live.delete(other);
        retire(kept);
      }
    },
    values: (): Entry[] => [...live.values()],
  };
}
