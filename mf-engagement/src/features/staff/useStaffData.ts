import { useCallback, useEffect, useState } from 'react';
import { failureDescription } from '@party/shared-ui';
import * as sessionApi from './api/session';

export type StaffData<T> = { kind: 'loading' } | { kind: 'ready'; data: T } | { kind: 'failed'; message: string };

/** What one console section reads from `url`, read again when `url` changes or on `reload()`. */
export function useStaffData<T>(url: string) {
  const [state, setState] = useState<StaffData<T>>({ kind: 'loading' });
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let current = true;
    sessionApi.section<T>(url).then(
      (data) => current && setState({ kind: 'ready', data }),
      (error: unknown) =>
        current &&
        setState({ kind: 'failed', message: failureDescription(error, 'This section could not be loaded just now.') }),
    );
    return () => {
      current = false;
    };
  }, [url, version]);
  const reload = useCallback(() => setVersion((count) => count + 1), []);
  return { state, reload };
}
