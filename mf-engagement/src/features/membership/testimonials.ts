export interface Testimonial {
  name: string;
  place: string;
  tier: string;
  quote: string;
}

export const testimonials: readonly Testimonial[] = [
  {
    name: 'Maria Gonzalez',
    place: 'Tucson, Arizona',
    tier: 'Member since 2021',
    quote:
      'I had given up on politics. Here I voted on our water policy after reading the same studies the experts read, and then watched it pass our county board.',
  },
  {
    name: 'Tom Hughes',
    place: 'Leeds, West Yorkshire',
    tier: 'Advocate since 2022',
    quote:
      'Our working group rewrote a benefits form that took forty minutes to fill in. It now takes six. That is what replacing a broken system looks like.',
  },
  {
    name: 'Dr. Aisha Rahman',
    place: 'Columbus, Ohio',
    tier: 'Supporter since 2023',
    quote:
      'As an epidemiologist I expected slogans. I found draft policies with their evidence base published and a standing invitation to tell them where they were wrong.',
  },
];
