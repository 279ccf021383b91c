import type { LongFormChapter } from '../../ui/LongForm';

/** The Civic Refoundation Manifesto, adopted by member vote. */
export const manifesto: readonly LongFormChapter[] = [
  {
    id: 'preamble',
    heading: 'Preamble',
    paragraphs: [
      'We are not the first to promise better government. We intend to be the first to show our working.',
      'The institutions that serve us were designed for another century: for paper, for queues, for a state that knew little and asked much. Reform after reform has added layers to them instead of asking what they are for. The result is a state that costs more every year, does less than it should, and treats the people it serves as suspects rather than owners.',
      'This manifesto sets out a different approach. We will not patch broken systems. We will replace them: carefully, in the open, and with the evidence in plain sight.',
    ],
  },
  {
    id: 'the-ethos',
    heading: 'I. The Ethos: decisions that follow the evidence',
    paragraphs: [
      'Good government behaves like good science. It states what it is trying to achieve, tests whether it works, publishes the results, and changes its mind when the facts change.',
      'Every proposal we make will come with the evidence behind it, the measure by which it should be judged, and the date on which we will report. When the evidence is weak, we will say so. When we are wrong, we will correct the record where people saw the mistake.',
    ],
    points: [
      'An evidence statement published with every bill',
      'An independent office that reviews those statements',
      'Scheduled reviews and sunset clauses for major regulations',
      'Public registers of trials, their methods and their results',
    ],
  },
  {
    id: 'the-system',
    heading: 'II. The System: services built around lives, not departments',
    paragraphs: [
      'People do not experience government as departments. They experience it as moments: a birth, a new job, an illness, a move, a bereavement. Each moment today means a dozen forms, each asking for information the state already holds.',
      'We will redesign public services around those moments. If the state knows something, it will not ask again. Every service will be designed with the people who use it and the people who deliver it, tested before launch, and measured by the time it takes from the citizen.',
      'Nobody will be left behind by this. Every digital service will have an equal route by phone and in person, and assisted digital help will be available in every library and post office.',
    ],
  },
  {
    id: 'the-platform',
    heading: 'III. The Platform: four things every citizen will have',
    paragraphs: [
      'The system rests on a public platform, built as open source and owned by the public. It has four parts.',
    ],
    points: [
      'Home Dashboard: one place for your benefits, permits, taxes, appointments and deadlines',
      'Notifications: told before a deadline, in the channel you choose, never fined for a letter you did not receive',
      'Service Hub: every public service behind one sign-in, usable in any order',
      'Appeal Interface: challenge any decision, see who is deciding and by when, and get an answer in plain language',
    ],
  },
  {
    id: 'the-public-promise',
    heading: 'IV. The Public Promise',
    paragraphs: [
      'You own your time, your information and your government. Every service we build will keep three promises, and every service will publish how well it keeps them.',
    ],
    points: [
      'No traps: no hidden conditions and no deadlines you were never told about',
      'No lies: every figure linked to its source, every error corrected in public',
      'No wasting time: never asked twice for what the state already knows',
    ],
  },
  {
    id: 'privacy-and-power',
    heading: 'V. Privacy and power',
    paragraphs: [
      'A state that knows more must be held to a higher standard. The platform will keep only the data each service needs, for as long as it needs it. Every citizen will be able to see who has looked at their records and why.',
      'Every algorithm that helps decide something about a person will be listed on a public register, explained in plain language, and subject to the right to a review by a person with the power to change the decision.',
    ],
  },
  {
    id: 'how-we-will-govern',
    heading: 'VI. How we will govern',
    paragraphs: [
      'We will publish ministerial diaries and lobbying meetings as they happen. We will convene citizens’ assemblies on questions that outlast electoral cycles, and we will be bound to respond to their recommendations in public.',
      'Our own party works the same way: policy is drafted in the open, members decide the platform one member one vote, and our accounts are published every quarter.',
    ],
  },
  {
    id: 'our-commitment',
    heading: 'Our commitment',
    paragraphs: [
      'This is not a promise of perfection. It is a promise of method: to say what we will do, to measure whether it worked, and to tell you the truth about the result.',
      'If you believe government can work this way, join us.',
    ],
  },
];
