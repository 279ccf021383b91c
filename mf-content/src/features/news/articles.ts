import budgetTransparencyAct from '../../assets/news/budget-transparency-act.svg';
import openHealthRecordsStudy from '../../assets/news/open-health-records-study.svg';
import chapter32Launch from '../../assets/news/chapter-32-launch.svg';
import carbonDividendAnalysis from '../../assets/news/carbon-dividend-analysis.svg';
import tutoringTrialResults from '../../assets/news/tutoring-trial-results.svg';
import townHallSeason from '../../assets/news/town-hall-season.svg';
import algorithmRegisterProposal from '../../assets/news/algorithm-register-proposal.svg';
import digitalTaxAccountConsultation from '../../assets/news/digital-tax-account-consultation.svg';
import volunteerWeekRecap from '../../assets/news/volunteer-week-recap.svg';
import { compareIsoDates } from '../../ui/iso-dates';

export const newsCategories = ['All', 'Press Release', 'Analysis', 'Campaign', 'Research', 'Event', 'Policy'] as const;
export type NewsCategoryFilter = (typeof newsCategories)[number];
export type NewsCategory = Exclude<NewsCategoryFilter, 'All'>;

export interface NewsArticle {
  id: string;
  title: string;
  excerpt: string;
  /** The day it was published, ISO 8601. */
  published: string;
  /** As shown to readers, e.g. '14 November 2026'. */
  date: string;
  category: NewsCategory;
  image: string;
  /** What the illustration shows, for screen readers. */
  imageAlt: string;
  author: string;
}

export const articleUrl = (article: Pick<NewsArticle, 'id'>) => `/news/${article.id}`;

export const articles: readonly NewsArticle[] = [
  {
    id: 'budget-transparency-act',
    title: 'We have tabled the Budget Transparency Act',
    excerpt:
      'Every line of public spending, published monthly in open data, with the evidence for each programme a click away. Our first bill, and why it comes first.',
    published: '2026-11-14',
    date: '14 November 2026',
    category: 'Press Release',
    image: budgetTransparencyAct,
    imageAlt: 'A bar chart of monthly public spending, each bar a month',
    author: 'Daniel Reyes',
  },
  {
    id: 'open-health-records-study',
    title: 'What patient-held health records did in Estonia and Denmark',
    excerpt:
      'We reviewed ten years of evidence on integrated health records. Fewer repeated tests, faster referrals, and one finding that changed our proposal.',
    published: '2026-11-06',
    date: '6 November 2026',
    category: 'Research',
    image: openHealthRecordsStudy,
    imageAlt: 'A heartbeat line, for health records that travel with the patient',
    author: 'Jonas Becker',
  },
  {
    id: 'chapter-32-launch',
    title: 'Our 32nd state chapter opens its doors',
    excerpt:
      'With the launch of our newest chapter, members now organise in 32 states. Here is how a chapter starts, and how you can start one where you live.',
    published: '2026-10-29',
    date: '29 October 2026',
    category: 'Campaign',
    image: chapter32Launch,
    imageAlt: 'An open door with light spilling out, and the number 32',
    author: 'Samuel Adeyemi',
  },
  {
    id: 'carbon-dividend-analysis',
    title: 'Who gains from a carbon dividend? Our distributional analysis',
    excerpt:
      'A rising carbon price with every dollar returned to households leaves most low- and middle-income families better off. We publish the model and its assumptions.',
    published: '2026-10-21',
    date: '21 October 2026',
    category: 'Analysis',
    image: carbonDividendAnalysis,
    imageAlt: 'A leaf, for a carbon price whose revenue returns to households',
    author: 'Aisha Karim',
  },
  {
    id: 'tutoring-trial-results',
    title: 'Small-group tutoring: the results from 40,000 pupils',
    excerpt:
      'Pupils who were tutored three times a week caught up four months in reading. The evidence behind our education policy, and its limits.',
    published: '2026-10-15',
    date: '15 October 2026',
    category: 'Research',
    image: tutoringTrialResults,
    imageAlt: 'A grid of squares in rising shades, like a class whose results improve',
    author: 'Priya Raman',
  },
  {
    id: 'town-hall-season',
    title: 'Town hall season: twelve cities, one open microphone',
    excerpt:
      'This winter our leadership team holds town halls in twelve cities. No scripts and no pre-selected questions. Find one near you.',
    published: '2026-10-08',
    date: '8 October 2026',
    category: 'Event',
    image: townHallSeason,
    imageAlt: 'A microphone, sound waves and two speech bubbles: an open question time',
    author: 'Samuel Adeyemi',
  },
  {
    id: 'algorithm-register-proposal',
    title: 'A public register for every algorithm that decides about you',
    excerpt:
      'When software helps decide your benefits, your taxes or your child’s school, you should know, and be able to ask a human. Our proposal, explained.',
    published: '2026-09-30',
    date: '30 September 2026',
    category: 'Policy',
    image: algorithmRegisterProposal,
    imageAlt: 'A network of connected points, like the decisions an algorithm links together',
    author: 'Mei-Lin Chen',
  },
  {
    id: 'digital-tax-account-consultation',
    title: 'Consultation opens on a pre-filled digital tax account',
    excerpt:
      'Most people’s tax return could be filled in by the state before they open it. Tell us what you would need to trust such a system.',
    published: '2026-09-18',
    date: '18 September 2026',
    category: 'Policy',
    image: digitalTaxAccountConsultation,
    imageAlt: 'A tax form on a screen, its fields already filled in and ticked',
    author: 'Daniel Reyes',
  },
  {
    id: 'volunteer-week-recap',
    title: 'Volunteer week: 3,200 conversations in seven days',
    excerpt:
      'Our volunteers knocked on doors, staffed stalls and ran workshops in every chapter. What people told us, and what we are changing because of it.',
    published: '2026-09-02',
    date: '2 September 2026',
    category: 'Campaign',
    image: volunteerWeekRecap,
    imageAlt: 'A street of houses linked by a dotted path, two doors ticked as visited',
    author: 'Samuel Adeyemi',
  },
];

/** The most recently published articles, newest first. */
export function latestArticles(count: number): NewsArticle[] {
  return [...articles].sort((a, b) => compareIsoDates(b.published, a.published)).slice(0, count);
}

export function findArticle(id: string | undefined): NewsArticle | undefined {
  return articles.find((article) => article.id === id);
}
