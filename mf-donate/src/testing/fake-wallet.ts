import type { Eip1193Provider } from '../features/wallet/eip1193';

type Listener = (...args: never[]) => void;

/**
 * An EIP-1193 wallet for tests: it keeps accounts and a chain, answers what the page and ethers
 * ask, can refuse the next call of a method with an EIP-1193 code, and emits wallet events.
 */
export class FakeWallet implements Eip1193Provider {
  readonly requests: Array<{ method: string; params?: unknown }> = [];
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly refusals = new Map<string, { code: number; message: string }>();
  authorised: boolean;
  /** How the wallet's network (its RPC) answers: at once, with an error, or never. */
  network: 'reachable' | 'unreachable' | 'silent' = 'reachable';

  constructor(
    public accounts: string[],
    public chainId = 1,
    { authorised = false } = {},
  ) {
    this.authorised = authorised;
  }

  /** The next call of `method` fails with this EIP-1193 code. */
  refuseNext(method: string, code: number, message = 'User rejected the request.') {
    this.refusals.set(method, { code, message });
  }

  async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
    this.requests.push({ method, params });
    const refusal = this.refusals.get(method);
    if (refusal) {
      this.refusals.delete(method);
      throw Object.assign(new Error(refusal.message), { code: refusal.code });
    }
    switch (method) {
      case 'eth_requestAccounts':
        this.authorised = true;
        return this.accounts;
      case 'eth_accounts':
        return this.authorised ? this.accounts : [];
      case 'eth_chainId':
        return `0x${this.chainId.toString(16)}`;
      case 'eth_signTypedData_v4':
        // A signature's shape: the tests' gateway is a stand-in that takes it as given.
        return `0x${'5a'.repeat(65)}`;
      case 'eth_blockNumber':
        if (this.network === 'unreachable') throw Object.assign(new Error('Failed to fetch'), { code: -32603 });
        return this.network === 'silent' ? new Promise(() => undefined) : '0x1';
      case 'wallet_switchEthereumChain':
      case 'wallet_addEthereumChain': {
        const [{ chainId }] = params as [{ chainId: string }];
        this.chainId = Number(chainId);
        this.emit('chainChanged', chainId);
        return null;
      }
      default:
        throw Object.assign(new Error(`FakeWallet does not answer ${method}`), { code: 4200 });
    }
  }

  on(event: string, listener: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
  }

  removeListener(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener);
  }

  listenerCount(event: string) {
    return this.listeners.get(event)?.size ?? 0;
  }

  emit(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) (listener as (...values: unknown[]) => void)(...args);
  }

  methods() {
    return this.requests.map((request) => request.method);
  }
}

/** Announces `wallet` as EIP-6963 does, now and whenever the page asks. */
export function announceWallet(wallet: Eip1193Provider, info: { name: string; rdns: string }) {
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: { info: { uuid: info.rdns, icon: 'data:image/svg+xml,', ...info }, provider: wallet },
      }),
    );
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
  return () => window.removeEventListener('eip6963:requestProvider', announce);
}
