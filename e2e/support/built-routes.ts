import fs from 'node:fs';
import path from 'node:path';
import { builtInRemoteNames, ROUTES_FILE, type SiteRoute } from '@party/shared-contracts';
import { sampleEvent } from './test-events';
import { participation, sampleConsultation } from './participation';

const repositoryRoot = path.resolve(import.meta.dirname, '../..');

/**
 * Every route the test site serves: what each remote's build (the one the site runs) declares, with
 * mf-participation's, which global-setup adds through the registry.
 */
export const builtRoutes: SiteRoute[] = [...builtInRemoteNames, participation.name].flatMap((remote) => {
  const declared = JSON.parse(fs.readFileSync(path.join(repositoryRoot, remote, 'dist', ROUTES_FILE), 'utf8')) as Array<
    Omit<SiteRoute, 'remote'>
  >;
  return declared.map((route) => ({ ...route, remote }));
});

/** A path of the route to visit: its parameters filled with an article, an event and a consultation that exist. */
export const samplePath = (path: string) =>
  path
    .replace(':articleId', 'budget-transparency-act')
    .replace(':eventId', sampleEvent.id)
    .replace(':slug', sampleConsultation.slug);
