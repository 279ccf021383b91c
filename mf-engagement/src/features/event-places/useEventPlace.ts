import type { EventPlace } from '@party/shared-contracts';
import { useLinkToken, useRenderedOrRead } from '@party/shared-ui';
import { placeOf } from './event-places-api';

/**
 * The place the page's link names (null: none, the link is not valid): as the gateway rendered the
 * page for this visitor, or read when they came from the member area; `shown` shows the gateway's
 * answer to an action on it.
 */
export function useEventPlace() {
  const token = useLinkToken();
  const { load, replace } = useRenderedOrRead<EventPlace | null>(
    (data) => ('eventPlace' in data ? data.eventPlace : undefined),
    () => (token ? placeOf(token) : Promise.resolve(null)),
    token,
  );
  return { load, shown: replace };
}
