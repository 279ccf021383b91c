// The events module: events as data run by staff, places and their waitlist, calendar entries,
// reminders and the door. Only the composition root imports it, from here.

export { eventsModule, type Events } from './events-module.js';
