import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError, failureDescription } from '../api/api-request';

export const INCOMPLETE_LINK = 'This link is incomplete. Please open the whole link from the email: some email programs split long links over two lines.';

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
