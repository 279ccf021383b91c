// The people module: everything about the people the party deals with: forms, newsletter, members,
// staff and their second factors, personal data and retention. Only the composition root imports
// it, from here.

export { peopleModule, type People } from './people-module.js';
export { signedInMemberEmail } from './members/session-cookies.js';
