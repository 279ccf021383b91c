import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { AppFactor, FactorCode, PasswordChange, SecondFactorAdded } from '@party/shared-contracts';
import { apiRequest } from '@party/shared-ui';

/** Where a session gives its second factor, and where its account's factors are: staff's or a member's. */
export interface FactorEndpoints {
  factorEndpoint: string;
  passkeyChallengeEndpoint: string;
  factorsEndpoint: string;
}

/** The calls by which a session gives its second factor and an account adds one; each throws the gateway's refusal. */
export const secondFactorApi = (endpoints: FactorEndpoints) => ({
  /** A code (an app's or a recovery code) or a passkey's response; the gateway's answer on acceptance. */
  give: <Answer>(factor: FactorCode | { response: unknown }) =>
    apiRequest<Answer>('POST', endpoints.factorEndpoint, factor),
  passkeyChallenge: () => apiRequest<PublicKeyCredentialRequestOptionsJSON>('POST', endpoints.passkeyChallengeEndpoint),
  passkeyOptions: () =>
    apiRequest<PublicKeyCredentialCreationOptionsJSON>('POST', `${endpoints.factorsEndpoint}/passkey/options`),
  addPasskey: (response: unknown, label: string) =>
    apiRequest<SecondFactorAdded>('POST', `${endpoints.factorsEndpoint}/passkey`, { response, label }),
  appSecret: () => apiRequest<{ secret: string; uri: string }>('POST', `${endpoints.factorsEndpoint}/app/secret`),
  addApp: (factor: AppFactor) => apiRequest<SecondFactorAdded>('POST', `${endpoints.factorsEndpoint}/app`, factor),
});

/** One's password changed while signed in, at a member's or staff's endpoint. */
export const changePassword = (endpoint: string, change: PasswordChange) => apiRequest<void>('POST', endpoint, change);
