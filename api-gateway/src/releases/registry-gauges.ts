import { Gauge, type Registry } from 'prom-client';
import type { RegistryCache } from './registry-cache.js';

/**
 * The release registry as this instance holds it: whether its last read of the database failed (the
 * site then runs on the last snapshot it read), and whether it names releases this instance has not
 * fetched yet (it serves the previous snapshot until it has).
 */
export function registryGauges(cache: RegistryCache, registry: Registry): void {
  new Gauge({
    name: 'party_registry_unreadable',
    help: '1 while the release registry cannot be read and the site runs on the last snapshot read; else 0.',
    registers: [registry],
    collect() {
      this.set(cache.readable() ? 0 : 1);
    },
  });
  new Gauge({
    name: 'party_registry_behind',
    help: '1 while the registry names releases this instance could not fetch yet, serving the previous ones; else 0.',
    registers: [registry],
    collect() {
      this.set(cache.behind() ? 1 : 0);
    },
  });
}
