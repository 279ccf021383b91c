import { useCallback, useEffect, useState } from 'react';
import { memberLinks, type SecondFactorAdded, type SecondFactorRow } from '@party/shared-contracts';
import { raiseToast, failureDescription } from '@party/shared-ui';
import { ChangePasswordForm, AddFactor, RecoveryCodes } from '../sign-in-security';
import card from '../../ui/FormCard.module.css';
import styles from './Members.module.css';
import { memberAreaApi } from './member-area-api';

const kindWords: Record<SecondFactorRow['kind'], string> = { passkey: 'Passkey', totp: 'Authenticator app' };

/** "Signing in": a member's password, and their own passkeys and authenticator apps, which their sign-in then asks for. */
export function MemberSignInSecurity() {
  const [factors, setFactors] = useState<SecondFactorRow[] | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const failed = (error: unknown) =>
    raiseToast({
      title: 'Error',
      description: failureDescription(error, 'That did not work just now. Please try again in a few minutes.'),
      variant: 'destructive',
    });
  const reload = useCallback(() => {
    memberAreaApi.factors().then(setFactors, failed);
  }, []);
  useEffect(reload, [reload]);

  async function remove(factor: SecondFactorRow) {
    try {
      await memberAreaApi.removeFactor(factor.id);
      raiseToast({ title: 'Removed', description: `“${factor.label}” no longer signs you in.` });
      reload();
    } catch (error) {
      failed(error);
    }
  }
  function added({ recoveryCodes }: SecondFactorAdded) {
    raiseToast({ title: 'Two-step sign-in on', description: 'Your sign-in asks for it from now on.' });
    if (recoveryCodes) setCodes(recoveryCodes);
    reload();
  }

  return (
    <section className={`${card.card} ${styles.card}`} aria-labelledby="security-heading">
      <h2 id="security-heading" className={card.heading}>
        Signing in
      </h2>
      <h3 className={styles.subheading}>Two-step sign-in</h3>
      <p className={styles.aside}>
        Add a passkey or an authenticator app, and your sign-in will ask for it after your password: someone who learns
        your password still cannot get in.
      </p>
      {factors && factors.length > 0 && (
        <ul className={styles.factors} aria-label="Your second factors">
          {factors.map((factor) => (
            <li key={factor.id}>
              <span>
                <strong>{factor.label}</strong> · {kindWords[factor.kind]}
              </span>
              <button type="button" className="button button-outline" onClick={() => void remove(factor)}>
                Remove<span className="visually-hidden"> {factor.label}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {codes ? (
        <RecoveryCodes codes={codes} onKept={() => setCodes(null)} />
      ) : (
        <AddFactor endpoints={memberLinks} onAdded={added} />
      )}
      <h3 className={styles.subheading}>Your password</h3>
      <ChangePasswordForm endpoint={memberLinks.passwordChangeEndpoint} className={styles.passwordChange} />
    </section>
  );
}
