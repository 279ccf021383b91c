import { useState } from 'react';
import { failureDescription, FormProblem, SubmitButton, TextField, useSchemaForm } from '@party/shared-ui';
import { givePasskey, passkeyFailure, usePasskeysSupported } from './passkeys';
import { secondFactorApi, type FactorEndpoints } from './sign-in-security-api';
import styles from './SecondFactor.module.css';

interface SecondFactorFormProps<Answer> {
  endpoints: FactorEndpoints;
  /** Whether the account has a passkey to offer first. */
  passkey: boolean;
  /** What the form is for, said above it ("Confirm it is you to download…"). */
  purpose?: string;
  /** What the gateway answered once the factor was accepted. */
  onGiven: (answer: Answer) => void;
}

/** The second factor, given at sign-in or again before a sensitive step: a passkey, or a code. */
export function SecondFactorForm<Answer>({ endpoints, passkey, purpose, onGiven }: SecondFactorFormProps<Answer>) {
  const [problem, setProblem] = useState<string | null>(null);
  const passkeysSupported = usePasskeysSupported();
  const [passkeyPending, setPasskeyPending] = useState(false);
  const form = useSchemaForm({
    rules: () => import('../../ui/form-rules').then((rules) => rules.factorCode),
    initialValues: { code: '' },
    send: async (body) => {
      setProblem(null);
      onGiven(await secondFactorApi(endpoints).give<Answer>(body));
    },
    onFailure: (error) =>
      setProblem(failureDescription(error, 'We could not check your code just now. Please try again.')),
  });

  async function sendPasskey() {
    setProblem(null);
    setPasskeyPending(true);
    try {
      onGiven(await givePasskey<Answer>(endpoints));
    } catch (error) {
      setProblem(passkeyFailure(error));
    } finally {
      setPasskeyPending(false);
    }
  }

  return (
    <div className={styles.factor}>
      {purpose && <p className={styles.purpose}>{purpose}</p>}
      <FormProblem message={problem} />
      {passkey && passkeysSupported && (
        <div className={styles.passkey}>
          <button
            type="button"
            className="button button-primary"
            onClick={() => void sendPasskey()}
            disabled={passkeyPending}
            aria-busy={passkeyPending}
          >
            {passkeyPending ? 'Waiting for your passkey...' : 'Use my passkey'}
          </button>
          <p className={styles.or}>or</p>
        </div>
      )}
      <form {...form.formProps} aria-label="Sign-in code" className={styles.codeForm}>
        <TextField
          label="Code from your authenticator app, or a recovery code"
          autoComplete="one-time-code"
          hint="The app's code changes every 30 seconds; each works once."
          {...form.text('code')}
        />
        <SubmitButton pending={form.pending} label="Continue" pendingLabel="Checking..." />
      </form>
    </div>
  );
}
