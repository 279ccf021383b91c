export interface VolunteerRole {
  title: string;
  detail: string;
}

/** What volunteers actually do, so that a visitor can picture it before signing up. */
export const volunteerRoles: readonly VolunteerRole[] = [
  {
    title: 'On the doorstep',
    detail:
      'Canvass with a partner, listen more than you talk, and log what neighbours tell you so that policy hears it.',
  },
  {
    title: 'In the data',
    detail: 'Check the numbers behind a draft policy, find the studies we missed, and help write the evidence base.',
  },
  {
    title: 'In the code',
    detail: 'Build the open-source tools we campaign with and the prototypes of the public services we promise.',
  },
  {
    title: 'In the room',
    detail: 'Run a town hall, book a venue, welcome newcomers and make sure everyone who wants to speak is heard.',
  },
];
