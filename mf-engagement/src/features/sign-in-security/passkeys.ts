import { useSyncExternalStore } from 'react';
import type { SecondFactorAdded } from '@party/shared-contracts';
import { ApiError, failureDescription } from '@party/shared-ui';
import { secondFactorApi, type FactorEndpoints } from './sign-in-security-api';

// The browser's side of passkeys, in a chunk of its own: loaded when a passkey is used or added.
const webAuthn = () => import('@simplewebauthn/browser');

const passkeysSupported = () => typeof window.PublicKeyCredential === 'function';
const unchanging = () => () => undefined;

/**
 * Whether this browser can make and use passkeys at all: false on the server and while the page
 * hydrates (so that it matches the server's HTML), then what the browser says.
 */
export const usePasskeysSupported = () => useSyncExternalStore(unchanging, passkeysSupported, () => false);

/** Why a passkey step failed, in words: the person cancelled, the device refused, or the gateway said why. */
export function passkeyFailure(error: unknown): string {
  if (error instanceof ApiError)
    return failureDescription(error, 'Your passkey could not be checked just now. Please try again.');
  if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError'))
    return 'The passkey was not used: it was cancelled, or took too long. Please try again.';
  if (error instanceof Error && error.name === 'InvalidStateError')
    return 'This device already holds a passkey for your account.';
  return 'Your passkey could not be used on this device. Please try again, or use your authenticator app.';
}

/** Signs the session's challenge with one of the account's passkeys, and gives it as the second factor. */
export async function givePasskey<Answer>(endpoints: FactorEndpoints): Promise<Answer> {
  const [{ startAuthentication }, optionsJSON] = await Promise.all([
    webAuthn(),
    secondFactorApi(endpoints).passkeyChallenge(),
  ]);
  const response = await startAuthentication({ optionsJSON });
  return secondFactorApi(endpoints).give<Answer>({ response });
}

/** Makes a passkey on this device (or a security key) and adds it to the account. */
export async function addPasskey(endpoints: FactorEndpoints, label: string): Promise<SecondFactorAdded> {
  const [{ startRegistration }, optionsJSON] = await Promise.all([
    webAuthn(),
    secondFactorApi(endpoints).passkeyOptions(),
  ]);
  const response = await startRegistration({ optionsJSON });
  return secondFactorApi(endpoints).addPasskey(response, label);
}
