import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { FormRules, FormSubmission, PageFormName } from '@party/shared-contracts';
import { serverFieldErrors } from '../api-request.js';
import { takeHeldSubmit } from '../page-forms/held-submit.js';
import {
  pageFormAttributes,
  PageFormField,
  refusedSubmission,
  sentByBrowser,
  submissionShown,
} from '../page-forms/page-form.js';

export type FormValues = Record<string, string | boolean | string[]>;
type Errors<V> = Partial<Record<keyof V & string, string>>;
type KeysOf<V, T> = { [K in keyof V & string]: V[K] extends T ? K : never }[keyof V & string];

interface SchemaFormOptions<V extends FormValues, T> {
  /**
   * Loads the form's rules (`formRules` of the shared schema: the same rules and messages the
   * gateway applies), from a chunk of the remote's own, as
   * `() => import('../../ui/form-rules').then((rules) => rules.contact)`.
   */
  rules: () => Promise<FormRules<T>>;
  initialValues: V;
  /** Sends the valid form; throws when the gateway refuses it. */
  send: (form: T) => Promise<void>;
  onSuccess?: (form: T) => void;
  onFailure: (error: unknown) => void;
  /**
   * A long form lists its problems in an ErrorSummary at its top, which takes the focus on a failed
   * submit; a short one sends the focus straight to its first invalid field.
   */
  errorSummary?: boolean;
  /**
   * The form works without the page's code (pageFormNames): the browser posts it to its page, and
   * the page it gets back holds what was typed and what was wrong, or says it was sent.
   */
  pageForm?: PageFormName;
}

/** `initial` with what the visitor sent, where it has the same shape. */
function valuesSent<V extends FormValues>(initial: V, sent: FormSubmission['values']): V {
  const values: FormValues = { ...initial };
  for (const [name, value] of Object.entries(initial)) {
    const given = sent[name];
    if (given !== undefined && Array.isArray(given) === Array.isArray(value) && typeof given === typeof value)
      values[name] = given;
  }
  return values as V;
}

/**
 * A form's state: idle, submitting, then success (the form resets) or failure. Fields are checked
 * with the shared schema on submit, then again as the visitor corrects them; on a failed submit the
 * first invalid field (or, with `errorSummary`, the summary) takes the focus, so that a screen
 * reader reads what is wrong. The rules load as the visitor first focuses the form (a submit waits
 * for them only if it comes first).
 */
export function useSchemaForm<V extends FormValues, T>({
  rules: loadRules,
  initialValues,
  send,
  onSuccess,
  onFailure,
  errorSummary = false,
  pageForm,
}: SchemaFormOptions<V, T>) {
  const [searchParams] = useSearchParams();
  const [refused] = useState(() => refusedSubmission(pageForm));
  const [values, setValues] = useState(() => (refused ? valuesSent(initialValues, refused.values) : initialValues));
  const [errors, setErrors] = useState<Errors<V>>(() => (refused?.fieldErrors as Errors<V>) ?? {});
  const [problem, setProblem] = useState(refused?.message ?? null);
  const [checked, setChecked] = useState(Boolean(refused));
  const [pending, setPending] = useState(false);
  // A page the gateway rendered with this form's mistakes takes the visitor to them once it runs.
  const [focusRequest, setFocusRequest] = useState(refused && Object.keys(refused.fieldErrors).length > 0 ? 1 : 0);
  const [sendCount, setSendCount] = useState(sentByBrowser(pageForm, searchParams) ? 1 : 0);
  const formRef = useRef<HTMLFormElement>(null);
  const rulesRef = useRef<FormRules<T> | null>(null);
  const rulesLoading = useRef<Promise<FormRules<T>> | null>(null);

  function rules(): Promise<FormRules<T>> {
    rulesLoading.current ??= loadRules().then(
      (loaded) => (rulesRef.current = loaded),
      (error: unknown) => {
        // Not remembered: the next focus or submit tries again.
        rulesLoading.current = null;
        throw error;
      },
    );
    return rulesLoading.current;
  }

  // What was typed, or filled in by the browser, before the form hydrated is in its fields but not
  // in state: React keeps it on screen without reporting it (its replay, facebook/react#33129, is
  // behind a flag). Taken before anything else renders, which would otherwise wipe it.
  // A submit the visitor made before then was held by the page's inline script: it is sent once
  // this form's state holds what was typed (the effect below, after that render).
  const [heldSubmitter, setHeldSubmitter] = useState<HTMLElement | null | undefined>(undefined);
  useLayoutEffect(() => {
    if (refused) submissionShown(refused);
    const entered = formRef.current && valuesEntered(formRef.current, refused ? values : initialValues);
    if (entered) setValues(entered);
    const held = formRef.current && takeHeldSubmit(formRef.current);
    if (held) setHeldSubmitter(held.submitter);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the form hydrates
  }, []);

  useEffect(() => {
    if (heldSubmitter === undefined) return;
    const submitter = heldSubmitter instanceof HTMLButtonElement && heldSubmitter.form === formRef.current;
    formRef.current?.requestSubmit(submitter ? (heldSubmitter as HTMLButtonElement) : undefined);
  }, [heldSubmitter]);

  useEffect(() => {
    if (focusRequest === 0) return;
    const target = errorSummary ? '[data-error-summary]' : '[aria-invalid="true"]';
    formRef.current?.querySelector<HTMLElement>(target)?.focus();
  }, [focusRequest, errorSummary]);

  /** Takes the visitor to a field (the first of a group), its label in view below the sticky header. */
  function focusField(name: keyof V & string) {
    const field = formRef.current?.querySelector<HTMLElement>(`[name="${name}"]`);
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    field?.closest('[data-field]')?.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'center' });
    field?.focus({ preventScroll: true });
  }

  // Messages in the order of the fields (that of initialValues), as the error summary lists them.
  const inFieldOrder = (found: Errors<V>): Errors<V> =>
    Object.fromEntries(
      Object.keys(initialValues).flatMap((name) => (name in found ? [[name, found[name]]] : [])),
    ) as Errors<V>;

  const validate = (next: V): Errors<V> => {
    const result = rulesRef.current?.check(next);
    return !result || result.ok ? {} : inFieldOrder(result.errors as Errors<V>);
  };

  /** Changes several fields at once (a list edited as two, side by side). */
  function setFields(changes: Partial<V>) {
    const next = { ...values, ...changes };
    setValues(next);
    if (checked) setErrors(validate(next));
  }

  function setValue<K extends keyof V & string>(name: K, value: V[K]) {
    const changes: Partial<V> = {};
    changes[name] = value;
    setFields(changes);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setChecked(true);
    setProblem(null);
    let loaded = rulesRef.current;
    if (!loaded) {
      try {
        loaded = await rules();
      } catch (error) {
        onFailure(error);
        return;
      }
    }
    const result = loaded.check(values);
    if (!result.ok) {
      setErrors(inFieldOrder(result.errors as Errors<V>));
      setFocusRequest((request) => request + 1);
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await send(result.data);
    } catch (error) {
      const fieldErrors = inFieldOrder(serverFieldErrors(error) as Errors<V>);
      setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length > 0) setFocusRequest((request) => request + 1);
      setPending(false);
      onFailure(error);
      return;
    }
    setValues(initialValues);
    setChecked(false);
    setPending(false);
    setSendCount((count) => count + 1);
    onSuccess?.(result.data);
  }

  return {
    values,
    errors,
    pending,
    /** Why the gateway refused the form the browser posted without the page's code; null otherwise. */
    problem,
    /** The status the gateway refused that post with (410: an emailed link spent); null when it did not. */
    refusedWith: refused?.status ?? null,
    /** What a page form holds beside its fields: the name the gateway knows it by. */
    pageFormField: pageForm ? <PageFormField form={pageForm} /> : null,
    /** How many times this form has been sent successfully. */
    sendCount,
    setValue,
    setFields,
    focusField,
    // POST: a form sent by the browser alone (scripts off or not yet run) never puts what was typed
    // into the address, the history or a server log.
    formProps: {
      ref: formRef,
      onSubmit: handleSubmit,
      onFocus: () => void rules().catch(() => undefined),
      noValidate: true,
      method: 'post',
      // Back at the form, once the gateway has answered the browser's own post.
      ...(pageForm ? pageFormAttributes(pageForm) : {}),
      'aria-busy': pending,
    },
    /** Props of a text-like field: input, textarea, select, radio group. */
    text: <K extends KeysOf<V, string>>(name: K) => ({
      name,
      value: values[name] as string,
      error: errors[name],
      onChange: (value: string) => setValue(name, value as V[K]),
    }),
    checkbox: <K extends KeysOf<V, boolean>>(name: K) => ({
      name,
      checked: values[name] as boolean,
      error: errors[name],
      onChange: (value: boolean) => setValue(name, value as V[K]),
    }),
    choices: <K extends KeysOf<V, string[]>>(name: K) => ({
      name,
      values: values[name] as string[],
      error: errors[name],
      onChange: (value: string[]) => setValue(name, value as V[K]),
    }),
  };
}

/** The form's values as its fields hold them, where they differ from `initial`; null where none do. */
function valuesEntered<V extends FormValues>(form: HTMLFormElement, initial: V): V | null {
  const entered: FormValues = { ...initial };
  for (const [name, value] of Object.entries(initial)) {
    const field = form.elements.namedItem(name);
    if (!field) continue;
    const inputs = field instanceof RadioNodeList ? ([...field] as HTMLInputElement[]) : [field as HTMLInputElement];
    // A list is a group of boxes (those ticked) or of fields of one name (each one's text).
    if (Array.isArray(value))
      entered[name] = inputs.filter((input) => input.type !== 'checkbox' || input.checked).map((input) => input.value);
    else if (typeof value === 'boolean') entered[name] = inputs[0]?.checked ?? value;
    else entered[name] = field instanceof RadioNodeList ? field.value : (field as HTMLInputElement).value;
  }
  const changed = Object.keys(initial).some((name) => JSON.stringify(entered[name]) !== JSON.stringify(initial[name]));
  return changed ? (entered as V) : null;
}
