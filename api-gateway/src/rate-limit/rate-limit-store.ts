/** Counts hits per key in fixed windows. */
export interface RateLimitStore {
  /** Counts one hit on `key`; returns the hits in the current window and when it ends. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  close(): Promise<void>;
}
