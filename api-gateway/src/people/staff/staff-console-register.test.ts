import fs from 'node:fs';
import { personalDataRegister } from '../personal-data/personal-data-register.js';

// The modules the staff console's sections read people's data through (the data requests section
// reads the register's exports themselves, through personalDataOf).
const consoleModules = [
  'staff/staff-console.ts',
  '../donations/treasurer-view.ts',
  'newsletter/newsletter-issues.ts',
  '../events/event-door.ts',
];

const tablesIn = (module: string) => {
  const source = fs.readFileSync(new URL(`../${module}`, import.meta.url), 'utf8');
  return new Set([...source.matchAll(/\b(?:FROM|JOIN|INTO|UPDATE)\s+([a-z_]+)/g)].map((match) => match[1]!));
};

describe('the staff console and the register of personal data', () => {
  const registered = new Map(personalDataRegister.map((entry) => [entry.table, entry]));
  const read = new Set(consoleModules.flatMap((module) => [...tablesIn(module)]));

  it('shows no table of people that the register does not say a section shows', () => {
    const unsaid = [...read].filter((table) => registered.has(table) && registered.get(table)!.shownIn.length === 0);
    expect(unsaid).toEqual([]);
  });

  it('reads every table of the public that the register says a section shows', () => {
    const shown = personalDataRegister
      .filter((entry) => entry.of === 'the public' && entry.shownIn.length > 0)
      .map((entry) => entry.table);
    expect(shown.filter((table) => !read.has(table))).toEqual([]);
  });
});
