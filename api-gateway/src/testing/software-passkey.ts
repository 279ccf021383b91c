import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

// A passkey in software, as an authenticator would answer the browser's WebAuthn calls: enough for
// the gateway's tests to add a passkey and sign in with it without a browser (attestation "none",
// ES256). The browser journeys use Chromium's virtual authenticator instead.

/** The few CBOR items WebAuthn's structures need (RFC 8949): integers, byte and text strings, maps. */
function cbor(value: number | string | Uint8Array | Map<number | string, unknown>): Buffer {
  const head = (major: number, length: number) => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 256) return Buffer.from([(major << 5) | 24, length]);
    return Buffer.from([(major << 5) | 25, length >> 8, length & 255]);
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  return Buffer.concat([
    head(5, value.size),
    ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item as Parameters<typeof cbor>[0])]),
  ]);
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const counter = (n: number) => Buffer.from([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);

export interface SoftwarePasskey {
  /** The answer to `navigator.credentials.create()` for these options, as `@simplewebauthn/browser` sends it. */
  register(options: { challenge: string; rp: { id?: string } }, origin: string): Record<string, unknown>;
  /** The answer to `navigator.credentials.get()` for these options. */
  signIn(options: { challenge: string; rpId?: string }, origin: string): Record<string, unknown>;
}

export function softwarePasskey(): SoftwarePasskey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credentialId = randomBytes(16);
  let signCount = 0;
  const jwk = (publicKey as KeyObject).export({ format: 'jwk' });
  const cosePublicKey = cbor(
    new Map<number, unknown>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
  const clientData = (type: string, challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  // User present (0x01) and verified (0x04), as a fingerprint or a PIN makes it.
  const authenticatorData = (rpId: string, extra: Buffer | null) =>
    Buffer.concat([
      createHash('sha256').update(rpId).digest(),
      Buffer.from([0x05 | (extra ? 0x40 : 0)]),
      counter(signCount),
      ...(extra ? [extra] : []),
    ]);

  return {
    register(options, origin) {
      const rpId = options.rp.id ?? new URL(origin).hostname;
      const attested = Buffer.concat([
        Buffer.alloc(16),
        Buffer.from([0, credentialId.length]),
        credentialId,
        cosePublicKey,
      ]);
      const attestationObject = cbor(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authenticatorData(rpId, attested)],
        ]),
      );
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge, origin)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
    signIn(options, origin) {
      signCount += 1;
      const rpId = options.rpId ?? new URL(origin).hostname;
      const data = authenticatorData(rpId, null);
      const client = clientData('webauthn.get', options.challenge, origin);
      const signature = sign('sha256', Buffer.concat([data, createHash('sha256').update(client).digest()]), privateKey);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: { clientDataJSON: b64url(client), authenticatorData: b64url(data), signature: b64url(signature) },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}
