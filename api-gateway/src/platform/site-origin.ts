/**
 * The site's own address, from configuration alone: the links in emails, canonical URLs, the pages
 * a form may be posted from and the passkeys' relying party never follow a request's Host or
 * X-Forwarded-Host (OWASP's "password reset poisoning"). It is PUBLIC_ORIGIN; a gateway listening
 * on loopback only (`npm start` on one's own machine) may go without it and use its listening
 * address, known once it listens.
 */
export interface SiteOrigin {
  /** The origin of every link the site makes: PUBLIC_ORIGIN, else the loopback listener's. */
  readonly href: string;
  /**
   * Whether a page at `origin` is the site's own: its origin, the other loopback name of a loopback
   * listener (WebAuthn refuses an IP address as a relying party: passkeys are made on localhost),
   * or one of ALLOWED_ORIGINS (the development servers).
   */
  owns(origin: string): boolean;
  /** The public listener's address, once it listens. */
  listening(url: string): void;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

const isLoopbackHost = (host: string) => LOOPBACK_HOSTS.has(host) || /^127(\.\d{1,3}){3}$/.test(host);

/** Why a gateway that listens beyond this machine will not start without PUBLIC_ORIGIN. */
const missingPublicOrigin = (host: string) =>
  `PUBLIC_ORIGIN is not set, and the gateway listens on ${host}, beyond this machine: it would not know the ` +
  'address its visitors use for the links in its emails and its canonical URLs. Set PUBLIC_ORIGIN (https://your-site.example).';

/** A loopback listener's origins: its address, and the other loopback name for the same port. */
const loopbackOrigins = (url: string) => {
  const { port } = new URL(url);
  return [
    url,
    ...['127.0.0.1', 'localhost'].map((name) => `http://${name}:${port}`).filter((origin) => origin !== url),
  ];
};

export function configuredSiteOrigin({
  publicOrigin,
  host,
  port,
  allowedOrigins,
}: {
  publicOrigin: string | null;
  host: string;
  /** The configured port; 0 (any free one) leaves the origin unknown until the gateway listens. */
  port: number;
  allowedOrigins: readonly string[];
}): SiteOrigin {
  if (!publicOrigin && !isLoopbackHost(host)) throw new Error(missingPublicOrigin(host));
  let own = publicOrigin ? [publicOrigin] : port ? loopbackOrigins(`http://${host}:${port}`) : [];
  return {
    get href() {
      if (!own[0]) throw new Error('The site has no origin until it listens: set PUBLIC_ORIGIN.');
      return own[0];
    },
    owns: (origin) => own.includes(origin) || allowedOrigins.includes(origin),
    listening(url) {
      if (!publicOrigin) own = loopbackOrigins(url);
    },
  };
}
