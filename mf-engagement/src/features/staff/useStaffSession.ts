import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import type { StaffMember, StaffSessionStep, StaffSessionView } from '@party/shared-contracts';
import { failureDescription } from '@party/shared-ui';
import * as sessionApi from './api/session';

/** A session the gateway knows: who, how far signed in, and when that was asked (for the factor's age). */
export type StaffSessionOf = StaffSessionView & { staff: StaffMember; step: StaffSessionStep; askedAt: number };

export type StaffSessionState =
  | { kind: 'loading' }
  | { kind: 'signed-out' }
  | { kind: 'session'; session: StaffSessionOf }
  | { kind: 'failed'; message: string };

const sessionState = (view: StaffSessionView): StaffSessionState =>
  view.staff && view.step
    ? { kind: 'session', session: { ...view, staff: view.staff, step: view.step, askedAt: Date.now() } }
    : { kind: 'signed-out' };

/** Who is signed in to the console, asked in the browser only (the server's HTML is the same for all). */
export function useStaffSession() {
  const [state, setState] = useState<StaffSessionState>({ kind: 'loading' });

  const refresh = useCallback(() => {
    sessionApi.session().then(
      (view) => setState(sessionState(view)),
      (error: unknown) =>
        setState({
          kind: 'failed',
          message: failureDescription(
            error,
            'The staff console could not be reached just now. Please try again in a few minutes.',
          ),
        }),
    );
  }, []);

  useEffect(refresh, [refresh]);

  /** Takes the gateway's answer to a sign-in step as the session now. */
  const update = useCallback((view: StaffSessionView) => setState(sessionState(view)), []);

  const signOut = useCallback(async () => {
    await sessionApi.signOut();
    setState({ kind: 'signed-out' });
  }, []);

  return { state, refresh, update, signOut };
}

/** Seconds since the session last gave its second factor, now (Infinity before it has). */
export const factorAge = (session: StaffSessionOf) =>
  session.factorAgeSeconds === null ? Infinity : session.factorAgeSeconds + (Date.now() - session.askedAt) / 1000;

/** The console's session, for the sections that act on it (a download, a change of factor). */
export const StaffSessionContext = createContext<{
  session: StaffSessionOf;
  update: (view: StaffSessionView) => void;
  refresh: () => void;
} | null>(null);

export function useConsoleSession() {
  const context = useContext(StaffSessionContext);
  if (!context) throw new Error('useConsoleSession is for the sections of a signed-in console');
  return context;
}
