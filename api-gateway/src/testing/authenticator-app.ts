import { Secret, TOTP } from 'otpauth';
import { TOTP_PERIOD_SECONDS } from '@party/shared-contracts';

/**
 * What a staff member's authenticator app shows now for `secret`, as a test types it: if the code
 * is about to change, the next one is waited for, so that it is still current when it arrives.
 */
export async function currentAppCode(secret: string): Promise<string> {
  const left = TOTP_PERIOD_SECONDS * 1000 - (Date.now() % (TOTP_PERIOD_SECONDS * 1000));
  if (left < 2000) await new Promise((resolve) => setTimeout(resolve, left + 50));
  return new TOTP({
    secret: Secret.fromBase32(secret),
    period: TOTP_PERIOD_SECONDS,
    digits: 6,
    algorithm: 'SHA1',
  }).generate();
}
