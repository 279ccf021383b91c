import { eventLinks, type EventPlace } from '@party/shared-contracts';
import { apiRequest, nullWhenNotFound } from '@party/shared-ui';

// A person's place, by the token of their emailed link; a signed-in member's places. Each call
// throws the gateway's refusal, but for a token that names no place (null).

const withToken = (endpoint: string, token: string) => `${endpoint}?token=${encodeURIComponent(token)}`;

/** The place a link's token names; null: none (the link is not valid). */
export const placeOf = (token: string) =>
  nullWhenNotFound(apiRequest<EventPlace>('GET', withToken(eventLinks.placeEndpoint, token)));

/** A signed-in member's places: the coming events soonest first, then the past ones. */
export const memberPlaces = () => apiRequest<EventPlace[]>('GET', eventLinks.memberPlacesEndpoint);
