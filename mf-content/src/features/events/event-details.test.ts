import { eventDetails } from './event-details';
import { pastEvents, upcomingEvents } from './events';

it('every event has its page’s account, and every account its event', () => {
  const ids = [...upcomingEvents, ...pastEvents].map((event) => event.id).sort();
  expect(Object.keys(eventDetails).sort()).toEqual(ids);
  for (const id of ids) expect(eventDetails[id]!.length).toBeGreaterThan(0);
});
