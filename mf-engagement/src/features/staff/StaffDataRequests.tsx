import { useId, useRef, useState, type FormEvent } from 'react';
import { STAFF_REAUTH_SECONDS, dataRightsLinks, staffLinks } from '@party/shared-contracts';
import {
  failureDescription,
  FormProblem,
  raiseToast,
  CheckboxField,
  SubmitButton,
  useSchemaForm,
} from '@party/shared-ui';
import { DataDownload } from './DataDownload';
import { useFreshFactor } from './useFreshFactor';
import styles from './Staff.module.css';
import * as peopleApi from './api/people';

type Held = Record<string, unknown>;

/** A section of the export, named in words ("contactMessages" → "Contact messages"). */
const sectionName = (key: string) =>
  key
    .replace(/([A-Z])/g, ' $1')
    .replace(/^./, (first) => first.toUpperCase())
    .replace(/ (\w)/g, (_, letter: string) => ` ${letter.toLowerCase()}`);
const amount = (value: unknown) =>
  Array.isArray(value) ? (value.length === 0 ? 'None' : `${value.length}`) : value ? 'Yes' : 'None';

/** A sign that the factor is being asked for, not a failure to show. */
class FactorAsked extends Error {}

function Erasure({ email, onErased }: { email: string; onErased: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  const { fresh, run, prompt } = useFreshFactor(
    STAFF_REAUTH_SECONDS.downloads,
    'An erasure asks for your second factor again after 15 minutes. Confirm it is you, and it is done.',
  );
  const form = useSchemaForm({
    rules: () => import('../../ui/form-rules').then((rules) => rules.staffPersonErasure),
    initialValues: { email, confirmed: false },
    send: async (body) => {
      if (!fresh()) {
        run(() => box.current?.querySelector('form')?.requestSubmit());
        throw new FactorAsked();
      }
      await peopleApi.erasePersonalData(body);
    },
    onSuccess: () => {
      raiseToast({
        title: 'Erased',
        description: `Everything that may go under ${email} is gone; a donation keeps what the law requires.`,
      });
      onErased();
    },
    onFailure: (error) => {
      if (!(error instanceof FactorAsked))
        raiseToast({
          title: 'Error',
          description: failureDescription(error, 'We could not erase it just now. Please try again.'),
          variant: 'destructive',
        });
    },
  });
  return (
    <div ref={box} className={styles.erase}>
      <form {...form.formProps} aria-labelledby="erase-heading" className={styles.codeForm}>
        <h3 id="erase-heading">Erase it, on their behalf</h3>
        <p>
          Everything above goes, as it would from the <a href={dataRightsLinks.requestPage}>data rights page</a>, except
          what the law makes us keep of a donation. It cannot be undone.
        </p>
        <CheckboxField
          label="They asked for the erasure, and I have checked that it was them"
          {...form.checkbox('confirmed')}
        />
        <SubmitButton pending={form.pending} label="Erase their data" pendingLabel="Erasing..." />
      </form>
      {prompt}
    </div>
  );
}

/** "Data requests": everything held under an address, its copy to send, its erasure; each in the access log. */
export function StaffDataRequests() {
  const id = useId();
  const [text, setText] = useState('');
  const [found, setFound] = useState<{ email: string; held: Held } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function look(email: string) {
    setProblem(null);
    try {
      const held: Held = await peopleApi.personalData(email);
      setFound({ email: email.trim().toLowerCase(), held });
    } catch (error) {
      setFound(null);
      setProblem(failureDescription(error, 'We could not look it up just now. Please try again.'));
    }
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    void look(text);
  }

  const sections = found ? Object.entries(found.held).filter(([key]) => key !== 'exportedAt' && key !== 'about') : [];
  return (
    <>
      <p className={styles.note}>
        For someone who asks by letter, phone or email instead of the data rights page. Each look, copy and erasure is
        in the access log (the address as a hash).
      </p>
      <form role="search" className={styles.search} onSubmit={submit}>
        <label htmlFor={id}>Their email address</label>
        <input
          id={id}
          type="email"
          className="text-control"
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoComplete="off"
        />
        <button type="submit" className="button button-outline">
          Look up
        </button>
      </form>
      <FormProblem message={problem} />
      {found && (
        <section className={styles.held} aria-labelledby="held-heading">
          <h3 id="held-heading">What we hold under {found.email}</h3>
          <dl>
            {sections.map(([key, value]) => (
              <div key={key}>
                <dt>{sectionName(key)}</dt>
                <dd>{amount(value)}</dd>
              </div>
            ))}
          </dl>
          <div>
            <DataDownload href={`${staffLinks.peopleEndpoint}.json?email=${encodeURIComponent(found.email)}`}>
              Download all of it as JSON, to send to them
            </DataDownload>
          </div>
          <Erasure key={found.email} email={found.email} onErased={() => void look(found.email)} />
        </section>
      )}
    </>
  );
}
