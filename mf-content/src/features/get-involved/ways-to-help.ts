import type { IconName } from '../../ui/Icon';

export interface WayToHelp {
  title: string;
  body: string;
  to: string;
  action: string;
  icon: IconName;
}

export const waysToHelp: readonly WayToHelp[] = [
  {
    title: 'Become a member',
    body: 'Vote on our platform and our candidates. Supporter membership is free; Member and Advocate tiers fund the work.',
    to: '/join',
    action: 'Join the party',
    icon: 'users',
  },
  {
    title: 'Volunteer',
    body: 'Give an evening a month: talk to voters, run a stall, help at events, or lend a professional skill to a working group.',
    to: '/volunteer',
    action: 'Volunteer with us',
    icon: 'heart',
  },
  {
    title: 'Donate',
    body: 'Donate ETH from your browser wallet. Every donation is public on the blockchain, and our accounts are published quarterly.',
    to: '/donate',
    action: 'Make a donation',
    icon: 'shield',
  },
  {
    title: 'Come to an event',
    body: 'Town halls with unscreened questions, open drafting sessions and volunteer training, in person and online.',
    to: '/events',
    action: 'See upcoming events',
    icon: 'calendar',
  },
  {
    title: 'Shape a policy',
    body: 'Every policy is drafted in the open. Read the drafts, check the evidence, and tell us what we have missed.',
    to: '/policy',
    action: 'Read the policies',
    icon: 'book',
  },
  {
    title: 'Work with us',
    body: 'We hire researchers, designers, engineers and organisers who want to prove government can work better.',
    to: '/careers',
    action: 'View open roles',
    icon: 'search',
  },
];
