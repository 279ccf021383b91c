import type { MembershipTierId } from '@party/shared-contracts';

export interface NextStep {
  title: string;
  detail: string;
}

const everyone: NextStep[] = [
  {
    title: 'Confirm your membership',
    detail:
      'We have emailed you a link. Open it and enter the password you chose to confirm your membership; you can then sign in to manage it.',
  },
];

/** What happens after registering, by the tier just chosen. */
export const nextStepsByTier: Record<MembershipTierId, readonly NextStep[]> = {
  supporter: [
    ...everyone,
    {
      title: 'Your first newsletter',
      detail: 'The monthly briefing arrives on the first Monday: new policy papers, research and events near you.',
    },
    {
      title: 'Come to a town hall',
      detail: 'Public town halls are open to every supporter. Pick one from the events calendar.',
    },
  ],
  member: [
    ...everyone,
    {
      title: 'Set up your $5 monthly fee',
      detail:
        'That email includes a secure payment link. Nothing is charged until you confirm, and you can cancel at any time.',
    },
    {
      title: 'Meet your local chapter',
      detail: 'Your chapter coordinator will introduce themselves within a week and invite you to the next meeting.',
    },
    {
      title: 'Vote on policy',
      detail: 'Once your fee is set up you can vote on open policy positions and candidate selections.',
    },
  ],
  advocate: [
    ...everyone,
    {
      title: 'Set up your $15 monthly fee',
      detail:
        'That email includes a secure payment link. Nothing is charged until you confirm, and you can cancel at any time.',
    },
    {
      title: 'Choose a working group',
      detail: 'Tell us which national policy working group you want to join; each meets online every two weeks.',
    },
    {
      title: 'Advocacy training',
      detail: 'We will invite you to the next spokesperson and advocacy training, held online every quarter.',
    },
  ],
};
