import { Writable } from 'node:stream';
import { pino } from 'pino';
import { Gauge, Registry } from 'prom-client';
import { networkHealth } from './network-health.js';

describe('the health of a donation network', () => {
  it('says once that it is down and once that it is back, doubles the wait for background work up to the ceiling, and sets its gauge', async () => {
    const lines: string[] = [];
    const logger = pino(
      { level: 'info' },
      new Writable({ write: (chunk: Buffer, _encoding, done) => (lines.push(chunk.toString()), done()) }),
    );
    const registry = new Registry();
    const gauge = new Gauge({
      name: 'party_donation_network_up',
      help: 'up',
      labelNames: ['chain_id'] as const,
      registers: [registry],
    });
    let now = Date.parse('2026-11-27T00:00:00Z');
    const health = networkHealth(logger, { baseMs: 1_000, ceilingMs: 10_000, gauge, clock: () => now });
    expect(health.mayTry(1)).toBe(true);

    const waits: number[] = [];
    for (let failure = 0; failure < 6; failure += 1) {
      health.unreachable(1, { 'rpc.example': 'connect ECONNREFUSED' });
      waits.push(health.nextTry(1) - now);
      expect(health.mayTry(1)).toBe(false);
      now = health.nextTry(1);
      expect(health.mayTry(1)).toBe(true);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 10_000, 10_000]);
    expect(await registry.getSingleMetricAsString('party_donation_network_up')).toContain(
      'party_donation_network_up{chain_id="1"} 0',
    );

    health.answered(1);
    health.answered(1);
    expect(health.nextTry(1)).toBe(0);
    expect(await registry.getSingleMetricAsString('party_donation_network_up')).toContain(
      'party_donation_network_up{chain_id="1"} 1',
    );
    expect(lines.map((line) => JSON.parse(line).msg)).toEqual([
      'a donation network is unreachable: no RPC endpoint answers; asked again with backoff',
      'a donation network answers again',
    ]);
    // Another network keeps its own state.
    expect(health.mayTry(137)).toBe(true);
  });
});
