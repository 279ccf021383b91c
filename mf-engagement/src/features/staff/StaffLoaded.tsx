import type { ReactNode } from 'react';
import type { StaffData } from './useStaffData';
import { FormProblem } from '@party/shared-ui';

/** A console section's data once read: a status while loading, the problem if it failed. */
export function StaffLoaded<T>({ state, children }: { state: StaffData<T>; children: (data: T) => ReactNode }) {
  if (state.kind === 'loading') return <p role="status">Loading…</p>;
  if (state.kind === 'failed') return <FormProblem message={state.message} />;
  return <>{children(state.data)}</>;
}
