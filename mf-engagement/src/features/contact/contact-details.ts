import { PARTY_HEADQUARTERS } from '@party/shared-contracts';
import type { FaqEntry } from '@party/shared-ui';

/** How to reach the party besides the form. */
export const headquarters = {
  name: 'Party Headquarters',
  ...PARTY_HEADQUARTERS,
  phone: { display: '+1 (202) 555-0148', href: 'tel:+12025550148' },
  hours: 'Monday to Friday, 9:00–17:30 Eastern',
} as const;

export const chaptersEmail = 'chapters@refoundation.example';

export interface SocialLink {
  network: string;
  handle: string;
  href: string;
}

export const socialLinks: readonly SocialLink[] = [
  { network: 'X', handle: '@refoundation', href: 'https://x.com/refoundation' },
  { network: 'Facebook', handle: 'Refoundation Party', href: 'https://www.facebook.com/refoundation' },
  { network: 'Instagram', handle: '@refoundation.party', href: 'https://www.instagram.com/refoundation.party' },
  { network: 'LinkedIn', handle: 'The Refoundation Party', href: 'https://www.linkedin.com/company/refoundation' },
  { network: 'YouTube', handle: 'Refoundation TV', href: 'https://www.youtube.com/@refoundation' },
];

export const contactFaq: readonly FaqEntry[] = [
  {
    id: 'how-to-join',
    question: 'How do I join the party?',
    answer:
      'Choose a membership level on the Join page and fill in the short form. Supporters join free; members ($5/month) and advocates ($15/month) also vote on policy and candidates. You can cancel at any time.',
  },
  {
    id: 'how-policy-is-decided',
    question: 'How are policies decided?',
    answer:
      'Every policy starts from the evidence: we gather the research, consult independent experts, open the draft to members and the public, and publish how we will measure it. Members vote on the final position, and we review each policy against its own targets every year.',
  },
  {
    id: 'volunteering',
    question: 'How can I volunteer?',
    answer:
      'Tell us what you are good at and when you are free on the Volunteer page. Chapters need canvassers, researchers, designers, engineers and event organisers; we match you with a team within a week.',
  },
  {
    id: 'candidates',
    question: 'Does the party run candidates for office?',
    answer:
      'Yes. We run candidates in local, state and national elections. Candidates are chosen by members in open selections, and each one publishes the evidence behind their platform.',
  },
  {
    id: 'funding',
    question: 'How is the party funded?',
    answer:
      'By membership fees and individual donations only: no corporate money and no lobbyists. Donations in ETH are public on the blockchain, and we publish a summary of all income every quarter.',
  },
];
