/** The EIP-1193 provider interface a browser wallet injects, as far as this remote uses it. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] | object }): Promise<unknown>;
  on?(event: string, listener: (...args: never[]) => void): void;
  removeListener?(event: string, listener: (...args: never[]) => void): void;
}

/** EIP-1193 error codes the page answers differently. */
export const USER_REJECTED = 4001;
export const UNRECOGNIZED_CHAIN = 4902;

/**
 * The EIP-1193 code of an error, wherever it sits: on the error itself (a wallet), or wrapped by
 * ethers (`info.error`, `error`). ethers' own rejection code counts as 4001.
 */
export function providerErrorCode(error: unknown): number | undefined {
  const candidates = [
    error,
    (error as { info?: { error?: unknown } })?.info?.error,
    (error as { error?: unknown })?.error,
  ];
  for (const candidate of candidates) {
    const code = (candidate as { code?: unknown } | undefined)?.code;
    if (typeof code === 'number') return code;
    if (code === 'ACTION_REJECTED') return USER_REJECTED;
  }
  return undefined;
}

/** A wallet's error as a sentence: ethers' short message when it has one, never a JSON dump. */
export function providerErrorMessage(error: unknown): string | undefined {
  const { shortMessage, message } = (error ?? {}) as { shortMessage?: unknown; message?: unknown };
  const text = typeof shortMessage === 'string' ? shortMessage : typeof message === 'string' ? message : undefined;
  return text && text.length <= 200 ? text : undefined;
}
