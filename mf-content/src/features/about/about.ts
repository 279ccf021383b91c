import type { IconName } from '../../ui/Icon';

export interface Milestone {
  year: number;
  title: string;
  body: string;
}

export const history: readonly Milestone[] = [
  {
    year: 2020,
    title: 'Founded',
    body: 'Forty engineers, teachers, nurses and civil servants met in a library basement, tired of watching good public money rescue bad systems. They wrote a two-page founding charter: decisions follow evidence, and services are built around people.',
  },
  {
    year: 2021,
    title: 'Policy development',
    body: 'Working groups of volunteers and outside experts drafted our first six policy papers in the open. Every draft, comment and data source was published, and 11,000 people commented before the first vote.',
  },
  {
    year: 2022,
    title: 'First candidates',
    body: 'We stood our first 27 candidates in local and state elections, each signed up to publish their diary, their votes and the evidence behind them. Nine were elected.',
  },
  {
    year: 2023,
    title: 'A national movement',
    body: 'With chapters in 32 states and members in every one of them, the party became a national movement, with a platform decided by member vote and a standing evaluation unit.',
  },
];

export interface Value {
  title: string;
  body: string;
  icon: IconName;
}

export const values: readonly Value[] = [
  {
    title: 'Intellectual Honesty',
    body: 'We say what the evidence shows, including when it is inconvenient for us, and we say what we do not know.',
    icon: 'search',
  },
  {
    title: 'Pragmatic Solutions',
    body: 'We judge a policy by what it does for people, not by which tradition it comes from. What works stays; what fails goes.',
    icon: 'check',
  },
  {
    title: 'Long-term Thinking',
    body: 'Infrastructure, climate and education outlast electoral cycles. We cost our policies over decades, not news cycles.',
    icon: 'clock',
  },
  {
    title: 'Inclusive Prosperity',
    body: 'A modern state serves everyone: the person without a smartphone as well as the startup founder.',
    icon: 'users',
  },
];

export const whyWeExist = [
  'Most public systems were designed for paper, for a population that no longer exists, and for a pace of change that ended decades ago. Each generation of reform has added a layer on top instead of asking what the system is for.',
  'The result is a state that costs more, does less and trusts its citizens too little. People spend hours proving what the government already knows. Decisions are taken on instinct and defended on principle long after the evidence has moved on.',
  'We exist to do the harder thing: redesign public institutions from their purpose outwards, test the new design honestly, and replace what does not work.',
] as const;

export const howWeWork = [
  {
    title: 'Evidence first',
    body: 'Every proposal starts with a published review of what has been tried, where, and what happened.',
  },
  {
    title: 'Open drafting',
    body: 'Policy papers are written in public. Anyone can read the drafts and comment on them.',
  },
  {
    title: 'Member votes',
    body: 'Members decide the platform, one member one vote, after a deliberation period of four weeks.',
  },
  {
    title: 'Measured promises',
    body: 'Each commitment comes with the measure by which we will judge it and the date we will report.',
  },
] as const;
