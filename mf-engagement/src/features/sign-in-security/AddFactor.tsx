import { useState } from 'react';
import type { SecondFactorAdded } from '@party/shared-contracts';
import { failureDescription, FormProblem, SubmitButton, TextField, useSchemaForm } from '@party/shared-ui';
import { AppSecretQr } from './AppSecretQr';
import { addPasskey, passkeyFailure, usePasskeysSupported } from './passkeys';
import { secondFactorApi, type FactorEndpoints } from './sign-in-security-api';
import styles from './SecondFactor.module.css';

type Added = { endpoints: FactorEndpoints; onAdded: (added: SecondFactorAdded) => void };

/** The app secret in groups of four, as a person types it into an app that cannot scan. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

function AddPasskey({ endpoints, onAdded }: Added) {
  const [problem, setProblem] = useState<string | null>(null);
  const form = useSchemaForm({
    // The passkey's name is the only field: the same rule as an app's name.
    rules: () => import('../../ui/form-rules').then((rules) => rules.factorLabel),
    initialValues: { label: '' },
    send: async ({ label }) => {
      setProblem(null);
      onAdded(await addPasskey(endpoints, label));
    },
    onFailure: (error) => setProblem(passkeyFailure(error)),
  });
  return (
    <form {...form.formProps} className={styles.addFactor} aria-labelledby="add-passkey-heading">
      <h3 id="add-passkey-heading">A passkey</h3>
      <p>
        The safest: your device’s screen lock, fingerprint or face, or a security key. Nothing to type, and it cannot be
        given to a fake site.
      </p>
      <FormProblem message={problem} />
      <TextField
        label="Name it"
        hint="So that you can tell it apart later, such as “Work laptop”."
        {...form.text('label')}
      />
      <SubmitButton pending={form.pending} label="Add a passkey" pendingLabel="Waiting for your device..." />
    </form>
  );
}

function AddApp({ endpoints, onAdded }: Added) {
  const [secret, setSecret] = useState<{ secret: string; uri: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useSchemaForm({
    rules: () => import('../../ui/form-rules').then((rules) => rules.appFactor),
    initialValues: { code: '', label: 'Authenticator app' },
    send: async (body) => {
      setProblem(null);
      onAdded(await secondFactorApi(endpoints).addApp(body));
    },
    onFailure: (error) => setProblem(failureDescription(error, 'We could not add the app just now. Please try again.')),
  });

  async function start() {
    setProblem(null);
    try {
      setSecret(await secondFactorApi(endpoints).appSecret());
    } catch (error) {
      setProblem(failureDescription(error, 'We could not start just now. Please try again.'));
    }
  }

  return (
    <div className={styles.addFactor}>
      <h3 id="add-app-heading">An authenticator app</h3>
      <p>
        An app on your phone, such as 1Password, Google Authenticator or Microsoft Authenticator, shows a new six-digit
        code every 30 seconds.
      </p>
      {!secret ? (
        <>
          <FormProblem message={problem} />
          <button type="button" className="button button-outline" onClick={() => void start()}>
            Set up an app
          </button>
        </>
      ) : (
        <form {...form.formProps} aria-labelledby="add-app-heading" className={styles.appSetup}>
          <div className={styles.qr}>
            <AppSecretQr uri={secret.uri} />
            <p>
              Scan this code with the app, or enter this key in it:{' '}
              <code className={styles.secret}>{grouped(secret.secret)}</code>
            </p>
          </div>
          <FormProblem message={problem} />
          <TextField label="The six-digit code the app now shows" autoComplete="one-time-code" {...form.text('code')} />
          <TextField label="Name it" {...form.text('label')} />
          <SubmitButton pending={form.pending} label="Add the app" pendingLabel="Checking..." />
        </form>
      )}
    </div>
  );
}

/** The two ways to add a second factor, side by side; a passkey only where the browser has them. */
export function AddFactor({ endpoints, onAdded }: Added) {
  const passkeysSupported = usePasskeysSupported();
  return (
    <div className={styles.addFactors}>
      {passkeysSupported && <AddPasskey endpoints={endpoints} onAdded={onAdded} />}
      <AddApp endpoints={endpoints} onAdded={onAdded} />
    </div>
  );
}
