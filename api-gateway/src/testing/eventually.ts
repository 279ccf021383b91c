/**
 * Waits until `check` holds, asking every 50 ms; fails after `timeoutMs`, a bound generous enough
 * for a machine several times slower than ours: what a test waits for is a state, not a speed.
 */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Still not true after ${timeoutMs} ms: ${check.toString()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
