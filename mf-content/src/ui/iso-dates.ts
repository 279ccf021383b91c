/**
 * Orders ISO 8601 dates ('2026-12-03') for sort(): as plain strings, which is their calendar order.
 * localeCompare would make the browser load its collation data first (10–50 ms on a page's start).
 */
export function compareIsoDates(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
