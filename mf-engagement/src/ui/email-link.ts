import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError, apiRequest, failureDescription } from '../api/api-request';

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

/**
 * The one action an emailed link's page offers: posting the link's token to `endpoint` when the
 * visitor presses its button (never on loading: mail scanners open links before their reader does).
 * `onAnswer` gets what the gateway answered; once done, the result (`resultRef`) takes the focus.
 */
export function useEmailLinkAction(endpoint: string, fallbackFailure: string, onAnswer?: (answer: unknown) => void) {
  const token = useLinkToken();
  const [outcome, setOutcome] = useState<LinkActionOutcome>({ kind: 'idle' });
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome.kind === 'done') resultRef.current?.focus();
  }, [outcome]);

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
    problem: !token ? INCOMPLETE_LINK : outcome.kind === 'failed' ? outcome.message : null,
    resultRef,
    act,
  };
}
