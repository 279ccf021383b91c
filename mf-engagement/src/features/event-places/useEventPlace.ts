import { useEffect, useState } from 'react';
import type { EventPlace } from '@party/shared-contracts';
import { ApiError, pageData, useLinkToken } from '@party/shared-ui';
import { placeOf } from './event-places-api';

export type PlaceLoad =
  { state: 'loading' } | { state: 'unknown' } | { state: 'failed' } | { state: 'shown'; place: EventPlace };

/**
 * The place the page's link names: as the gateway rendered the page for this visitor, or (when they
 * came from the member area) read from the gateway; `unknown` for a link that names none.
 */
export function useEventPlace() {
  const token = useLinkToken();
  const [load, setLoad] = useState<PlaceLoad>(() => {
    const data = pageData();
    if (data && 'eventPlace' in data)
      return data.eventPlace ? { state: 'shown', place: data.eventPlace } : { state: 'unknown' };
    return token ? { state: 'loading' } : { state: 'unknown' };
  });
  const needed = load.state === 'loading';
  useEffect(() => {
    if (!needed) return;
    let current = true;
    placeOf(token).then(
      (place) => current && setLoad({ state: 'shown', place }),
      (error: unknown) =>
        current && setLoad({ state: error instanceof ApiError && error.status === 404 ? 'unknown' : 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [needed, token]);
  return { load, shown: (place: EventPlace) => setLoad({ state: 'shown', place }) };
}
