import { useCallback, useEffect, useState } from 'react';
import { staffLinks, type StaffMember } from '@party/shared-contracts';
import { apiRequest, failureDescription } from '../../api/api-request';

export type StaffSessionState = { kind: 'loading' } | { kind: 'signed-out' } | { kind: 'signed-in'; staff: StaffMember } | { kind: 'failed'; message: string };

/** Who is signed in to the console, asked in the browser only (the server's HTML is the same for all). */
export function useStaffSession() {
  const [state, setState] = useState<StaffSessionState>({ kind: 'loading' });

  const refresh = useCallback(() => {
    apiRequest<{ staff: StaffMember | null }>('GET', staffLinks.meEndpoint).then(
      ({ staff }) => setState(staff ? { kind: 'signed-in', staff } : { kind: 'signed-out' }),
      (error: unknown) =>
        setState({ kind: 'failed', message: failureDescription(error, 'The staff console could not be reached just now. Please try again in a few minutes.') }),
    );
  }, []);

  useEffect(refresh, [refresh]);

  const signOut = useCallback(async () => {
    await apiRequest('DELETE', staffLinks.sessionEndpoint);
    setState({ kind: 'signed-out' });
  }, []);

  return { state, refresh, signOut };
}
