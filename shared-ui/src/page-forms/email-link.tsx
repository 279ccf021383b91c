import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError, apiRequest, failureDescription } from '../api-request.js';
import type { FormSubmission, PageFormName } from '@party/shared-contracts';
import { takeHeldSubmit } from './held-submit.js';
import { PageFormField, pageFormAttributes, refusedSubmission, sentByBrowser, submissionShown } from './page-form.js';

export const INCOMPLETE_LINK =
  'This link is incomplete. Please open the whole link from the email: some email programs split long links over two lines.';

/**
 * The token of the emailed link that opened this page (`?token=`). Pages read it to act when asked,
 * never to render it: pages are cached, and the token is personal.
 */
export function useLinkToken(): string {
  const [searchParams] = useSearchParams();
  return searchParams.get('token') ?? '';
}

/**
 * What stops a form opened from an emailed link: a link without its token, or one the gateway
 * refused as used or expired (410), after which the form is of no more use; any other failure is
 * said in the gateway's words. Field errors (400) stay under their fields.
 */
export function useEmailLinkProblem(token: string) {
  const [problem, setProblem] = useState<string | null>(token ? null : INCOMPLETE_LINK);
  const [linkUsed, setLinkUsed] = useState(!token);
  return {
    problem,
    /** The form can still be sent. */
    usable: !linkUsed,
    clear: () => setProblem(null),
    fail(error: unknown, fallback: string) {
      if (error instanceof ApiError && error.status === 400) return;
      setLinkUsed(error instanceof ApiError && error.status === 410);
      setProblem(failureDescription(error, fallback));
    },
  };
}

type LinkActionOutcome = { kind: 'idle' | 'pending' | 'done' } | { kind: 'failed'; message: string };

interface EmailLinkActionOptions {
  /** Gets what the gateway answered. */
  onAnswer?: (answer: unknown) => void;
  /**
   * The form works without the page's code (pageFormNames): the browser posts it to its page, with
   * the link's token in the address, and the gateway answers with the page done or refused.
   */
  pageForm?: PageFormName;
}

/** Where the page starts: done or refused when the gateway answered the browser's own post. */
function outcomeOnArrival(sent: boolean, refused: FormSubmission | null): LinkActionOutcome {
  if (sent) return { kind: 'done' };
  return refused ? { kind: 'failed', message: refused.message } : { kind: 'idle' };
}

/**
 * The one action an emailed link's page offers: posting the link's token to `endpoint` when the
 * visitor presses its button (never on loading: mail scanners open links before their reader does).
 * Once done, the result (`resultRef`) takes the focus. A press held before the page's code ran
 * (head-scripts.ts) is made as the form hydrates.
 */
export function useEmailLinkAction(
  endpoint: string,
  fallbackFailure: string,
  { onAnswer, pageForm }: EmailLinkActionOptions = {},
) {
  const [searchParams] = useSearchParams();
  const token = useLinkToken();
  const [refused] = useState(() => refusedSubmission(pageForm));
  const [outcome, setOutcome] = useState(() => outcomeOnArrival(sentByBrowser(pageForm, searchParams), refused));
  const resultRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (outcome.kind === 'done') resultRef.current?.focus();
  }, [outcome]);
  useLayoutEffect(() => {
    if (refused) submissionShown(refused);
  }, [refused]);
  // The button pressed before this page's code ran was held by the page's inline script: pressed now, once.
  useEffect(() => {
    if (formRef.current && takeHeldSubmit(formRef.current)) formRef.current.requestSubmit();
  }, []);

  async function act(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setOutcome({ kind: 'pending' });
    try {
      const answer = await apiRequest<unknown>('POST', `${endpoint}?token=${encodeURIComponent(token)}`, {});
      onAnswer?.(answer);
      setOutcome({ kind: 'done' });
    } catch (error) {
      setOutcome({ kind: 'failed', message: failureDescription(error, fallbackFailure) });
    }
  }

  return {
    token,
    outcome,
    /** Why the action cannot be done: the link is incomplete, or the gateway refused it. */
    problem: outcome.kind === 'failed' ? outcome.message : !token ? INCOMPLETE_LINK : null,
    resultRef,
    /** The action's form: its button posts the link's token. */
    formProps: {
      ref: formRef,
      method: 'post',
      onSubmit: (event: FormEvent<HTMLFormElement>) => void act(event),
      ...(pageForm ? pageFormAttributes(pageForm) : {}),
    },
    /** What the form holds beside its button, when it works without the page's code. */
    pageFormField: pageForm ? <PageFormField form={pageForm} /> : null,
  };
}
