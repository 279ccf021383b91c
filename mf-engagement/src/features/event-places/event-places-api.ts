import { eventLinks, type EventPlace } from '@party/shared-contracts';
import { apiRequest } from '@party/shared-ui';

// A person's place, by the token of their emailed link; a signed-in member's places. Each call
// throws the gateway's refusal.

const withToken = (endpoint: string, token: string) => `${endpoint}?token=${encodeURIComponent(token)}`;

export const placeOf = (token: string) => apiRequest<EventPlace>('GET', withToken(eventLinks.placeEndpoint, token));

/** A signed-in member's places: the coming events soonest first, then the past ones. */
export const memberPlaces = () => apiRequest<EventPlace[]>('GET', eventLinks.memberPlacesEndpoint);
