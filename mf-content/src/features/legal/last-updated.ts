/** "Last updated 23 November 2026." from a document's version (the date it last changed). */
export function lastUpdated(version: string): string {
  const date = new Date(`${version}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return `Last updated ${date}.`;
}
