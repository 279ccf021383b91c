import { Gauge, type Registry } from 'prom-client';
import type { Queryable } from '../platform/index.js';

/**
 * The donations' gauges. How far each network's donation watcher is behind the chain: the head it
 * last saw less the block it has read to, read from the database at each scrape (the watchers'
 * shared cursors), so every instance reports the same, whichever instance read last. And whether
 * each network answers (`networkUp`, which the network's readers set: network-health.ts). A watcher
 * that stopped reading altogether shows as its network unreachable or its lag growing no more.
 */
export function donationGauges(db: Queryable, registry: Registry): { networkUp: Gauge<'chain_id'> } {
  new Gauge({
    name: 'party_donation_blocks_behind',
    help: 'Blocks between the head of a donation network, as its watcher last saw it, and the last block it has read; by chain id.',
    labelNames: ['chain_id'] as const,
    registers: [registry],
    async collect() {
      const { rows } = await db.query<{ chain_id: number; behind: string }>(
        `SELECT chain_id, greatest(head_block - block_number, 0)::text AS behind
           FROM donation_watch_cursors WHERE head_block IS NOT NULL`,
      );
      this.reset();
      for (const row of rows) this.set({ chain_id: String(row.chain_id) }, Number(row.behind));
    },
  });
  const networkUp = new Gauge({
    name: 'party_donation_network_up',
    help: 'Whether a donation network’s RPC endpoints answer (1) or none does (0), by chain id; absent until first asked.',
    labelNames: ['chain_id'] as const,
    registers: [registry],
  });
  return { networkUp };
}
