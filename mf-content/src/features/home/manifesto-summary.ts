import type { IconName } from '../../ui/Icon';

export interface PlatformTile {
  title: string;
  description: string;
  icon: IconName;
}

export const ethos = {
  title: 'The Ethos',
  body: 'Government should earn trust the way good science does: by showing its working. We publish the evidence behind every proposal, say what we do not know, and change course in public when the facts change.',
} as const;

export const system = {
  title: 'The System',
  body: 'Today a citizen meets the state as a maze of forms, offices and queues that do not talk to each other. We will rebuild public services as one coherent system, designed around life events rather than departments, with every rule written in plain language.',
} as const;

export const platformTiles: readonly PlatformTile[] = [
  {
    title: 'Home Dashboard',
    description: 'Your benefits, permits, taxes and deadlines in one place.',
    icon: 'dashboard',
  },
  { title: 'Notifications', description: 'Told before a deadline, not fined after it.', icon: 'bell' },
  { title: 'Service Hub', description: 'Every service behind one sign-in, in any order.', icon: 'hub' },
  { title: 'Appeal Interface', description: 'Challenge any decision and see who decides, and when.', icon: 'scale' },
];

export const publicPromise = [
  {
    title: 'No traps',
    body: 'No hidden conditions, no small print that costs you later, no deadline you were never told about.',
  },
  {
    title: 'No lies',
    body: 'Every figure we quote links to its source. When we get something wrong, we correct it where you saw it.',
  },
  {
    title: 'No wasting time',
    body: 'If the state already knows something, it never asks you again. Every service is measured by the minutes it takes.',
  },
] as const;
