import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { isMemberSignedIn, memberLinks, type MemberAccount } from '@party/shared-contracts';
import { pageData, ApiError, failureDescription } from '@party/shared-ui';
import { memberAreaApi } from './member-area-api';

export type AccountState =
  { kind: 'loading' } | { kind: 'ready'; account: MemberAccount } | { kind: 'failed'; message: string };

/**
 * The signed-in member's account: as the gateway rendered the page for them, then read afresh (the
 * page may be one the visit began on, before a change); someone not signed in, or whose session has
 * ended, is sent to the sign-in page.
 */
export function useMemberAccount() {
  const navigate = useNavigate();
  const [state, setState] = useState<AccountState>(() => {
    const rendered = pageData()?.memberAccount;
    return rendered ? { kind: 'ready', account: rendered } : { kind: 'loading' };
  });

  const settle = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 401) void navigate(memberLinks.signInPage, { replace: true });
      else
        setState({
          kind: 'failed',
          message: failureDescription(
            error,
            'We could not load your membership just now. Please try again in a few minutes.',
          ),
        });
    },
    [navigate],
  );

  useEffect(() => {
    // Without the signed-in marker there is no session to ask about: straight to signing in.
    if (!isMemberSignedIn(document.cookie)) {
      void navigate(memberLinks.signInPage, { replace: true });
      return;
    }
    memberAreaApi.account().then((account) => setState({ kind: 'ready', account }), settle);
  }, [navigate, settle]);

  /** Sends a change (a call of member-area-api.ts); the gateway answers with the account as it now is. */
  const change = useCallback(async (request: () => Promise<MemberAccount>) => {
    const account = await request();
    setState({ kind: 'ready', account });
  }, []);

  return { state, change, settle };
}
