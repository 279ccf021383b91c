import { useEffect, useId, useRef, useState } from 'react';
import {
  PARAGRAPH_KEY,
  policyAreaIds,
  policyAreaTitles,
  type ConsultationDraft,
  type StaffConsultationView,
} from '@party/shared-contracts';
import { ErrorSummary, raiseToast, SelectField, SubmitButton, TextField, useSchemaForm } from '@party/shared-ui';
import * as consultationsApi from './api/consultations';
import styles from './Staff.module.css';
import { refused } from './staff-refusal';

function FormActions({ pending, label, onDone }: { pending: boolean; label: string; onDone: () => void }) {
  return (
    <div className={styles.rowActions}>
      <SubmitButton pending={pending} label={label} pendingLabel="Saving..." />
      <button type="button" className="button button-outline" onClick={onDone}>
        Close without saving
      </button>
    </div>
  );
}

/** A new consultation: its draft, typed as paragraphs apart by an empty line; staff's alone until opened. */
export function ConsultationDraftForm({ onDone }: { onDone: () => void }) {
  const headingId = useId();
  const form = useSchemaForm({
    rules: () => import('../../ui/form-rules').then((rules) => rules.consultationDraft),
    initialValues: { slug: '', title: '', summary: '', policyArea: '', closesOn: '', paragraphs: '' },
    send: (draft: ConsultationDraft) => consultationsApi.startConsultation(draft),
    onSuccess: (draft) => {
      raiseToast({
        title: 'Draft saved',
        description: `Open ${draft.title} when it is ready: the public sees it then.`,
      });
      onDone();
    },
    onFailure: refused('The consultation could not be started.'),
    errorSummary: true,
  });
  return (
    <form {...form.formProps} className={styles.eventForm} aria-labelledby={headingId}>
      <h3 id={headingId}>Start a consultation</h3>
      <ErrorSummary errors={form.errors} onSelect={form.focusField} />
      <TextField
        label="Address"
        hint="The end of its page’s address: /consultations/open-council-budgets"
        {...form.text('slug')}
      />
      <TextField label="Title" {...form.text('title')} />
      <TextField label="Summary" hint="One or two sentences, on its card." multiline {...form.text('summary')} />
      <div className={styles.fieldRow}>
        <SelectField label="Policy area" placeholder="Choose the policy area" {...form.text('policyArea')}>
          {policyAreaIds.map((area) => (
            <option key={area} value={area}>
              {policyAreaTitles[area]}
            </option>
          ))}
        </SelectField>
        <TextField label="Closes for comments on" type="date" {...form.text('closesOn')} />
      </div>
      <TextField
        label="The draft"
        hint="Plain text, an empty line between paragraphs: they are numbered in that order, and each is commented on."
        multiline
        {...form.text('paragraphs')}
      />
      <FormActions pending={form.pending} label="Save the draft" onDone={onDone} />
    </form>
  );
}

/**
 * A new version of a consultation's draft: each paragraph revised in place keeps its key, and with it
 * its comments; a paragraph removed (or emptied) shows its comments as on a removed paragraph.
 */
export function ConsultationVersionForm({
  consultation,
  onDone,
}: {
  consultation: StaffConsultationView;
  onDone: () => void;
}) {
  const headingId = useId();
  const added = useRef(0);
  const next = (consultation.versions.at(-1)?.number ?? 0) + 1;
  const form = useSchemaForm({
    rules: () => import('../../ui/form-rules').then((rules) => rules.consultationVersion),
    initialValues: {
      keys: consultation.paragraphs.map((paragraph) => paragraph.key),
      texts: consultation.paragraphs.map((paragraph) => paragraph.text),
      note: '',
    },
    send: (version) => consultationsApi.publishVersion(consultation.slug, version).then(() => undefined),
    onSuccess: () => {
      raiseToast({
        title: 'Version published',
        description: `Version ${next} of ${consultation.title} is on its page.`,
      });
      onDone();
    },
    onFailure: refused('The new version could not be published.'),
    errorSummary: true,
  });
  const { keys, texts } = form.values;
  // The paragraph added, or the one before the paragraph removed, takes the focus: the keyboard
  // stays where the text changed.
  const paragraphsRef = useRef<HTMLFieldSetElement>(null);
  const [focused, setFocused] = useState<number | null>(null);
  useEffect(() => {
    if (focused !== null) paragraphsRef.current?.querySelectorAll('textarea')[focused]?.focus();
  }, [focused, keys]);
  const change = (edit: (list: string[], inKeys: boolean) => string[]) =>
    form.setFields({ keys: edit(keys, true), texts: edit(texts, false) });
  // A paragraph added here has a key of the form's own, never sent: the gateway gives it one.
  const addAfter = (index: number) => {
    change((list, inKeys) => list.toSpliced(index + 1, 0, inKeys ? `new-${(added.current += 1)}` : ''));
    setFocused(index + 1);
  };
  const remove = (index: number) => {
    change((list) => list.toSpliced(index, 1));
    setFocused(Math.max(0, index - 1));
  };
  return (
    <form {...form.formProps} className={styles.eventForm} aria-labelledby={headingId}>
      <h3 id={headingId}>
        Version {next} of “{consultation.title}”
      </h3>
      <p className={styles.note}>
        Readers see what changed, word by word. A paragraph you revise keeps its comments; remove one and its comments
        are shown as on a removed paragraph.
      </p>
      <ErrorSummary errors={form.errors} onSelect={form.focusField} />
      <fieldset className={styles.paragraphs} ref={paragraphsRef}>
        <legend>Paragraphs</legend>
        {texts.map((typed, index) => (
          <div key={keys[index]} className={styles.paragraph}>
            <TextField
              label={`Paragraph ${index + 1}${PARAGRAPH_KEY.test(keys[index] ?? '') ? '' : ' (new)'}`}
              name="texts"
              value={typed}
              multiline
              error={index === 0 ? form.errors.texts : undefined}
              onChange={(value) => form.setValue('texts', texts.with(index, value))}
            />
            <div className={styles.rowActions}>
              <button type="button" className={styles.linkButton} onClick={() => addAfter(index)}>
                Add a paragraph after paragraph {index + 1}
              </button>
              {texts.length > 1 && (
                <button type="button" className={styles.linkButton} onClick={() => remove(index)}>
                  Remove paragraph {index + 1}
                </button>
              )}
            </div>
          </div>
        ))}
      </fieldset>
      <TextField
        label="What changed"
        hint="For the readers of the new version, above the differences: what you changed and why."
        multiline
        optional
        {...form.text('note')}
      />
      <FormActions pending={form.pending} label={`Publish version ${next}`} onDone={onDone} />
    </form>
  );
}

const commentsShown = (count: number) => `${count} ${count === 1 ? 'comment' : 'comments'} shown`;

/**
 * The party's response to a closed consultation: what people said (the counts per paragraph are the
 * site's), what it decided, and its evidence. Publishing it marks the consultation answered.
 */
export function ConsultationResponseForm({
  consultation,
  onDone,
}: {
  consultation: StaffConsultationView;
  onDone: () => void;
}) {
  const headingId = useId();
  const form = useSchemaForm({
    rules: () => import('../../ui/form-rules').then((rules) => rules.consultationResponse),
    initialValues: { themes: '', decision: '', evidence: '' },
    send: (response) => consultationsApi.publishResponse(consultation.slug, response),
    onSuccess: () => {
      raiseToast({ title: 'Response published', description: `${consultation.title} is answered.` });
      onDone();
    },
    onFailure: refused('The response could not be published.'),
    errorSummary: true,
  });
  const counted = consultation.paragraphs.filter((paragraph) => consultation.countsByParagraph[paragraph.key]);
  return (
    <form {...form.formProps} className={styles.eventForm} aria-labelledby={headingId}>
      <h3 id={headingId}>Response to “{consultation.title}”</h3>
      <p className={styles.note}>
        {commentsShown(consultation.comments)}
        {counted.length > 0 &&
          `: ${counted.map((paragraph) => `${consultation.countsByParagraph[paragraph.key]} on paragraph ${paragraph.number}`).join(', ')}`}
        . The page shows these counts beside your response; publishing it marks the consultation answered.
      </p>
      <ErrorSummary errors={form.errors} onSelect={form.focusField} />
      <TextField
        label="What people said"
        hint="Its themes, one per line, each in a sentence."
        multiline
        {...form.text('themes')}
      />
      <TextField label="What the party decided, and why" multiline {...form.text('decision')} />
      <TextField
        label="The evidence"
        hint="One link per line: its title, then its https:// address."
        multiline
        {...form.text('evidence')}
      />
      <FormActions pending={form.pending} label="Publish the response" onDone={onDone} />
    </form>
  );
}
