import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { buildRemote as buildForRelease } from '@party/release-tool';
import { consultationLinks, staffLinks, type ConsultationDraft } from '@party/shared-contracts';
import { runTestProcess } from '../../api-gateway/src/testing/test-processes';
import { administratorApi } from './staff-console';
import { repositoryRoot } from './local-processes';

/**
 * mf-participation (issue 64) is no remote of the repository's configured builds: the test site
 * runs it as an operator adds any new team's remote, through the registry (decision 0048).
 */
export const participation = { name: 'mf-participation', version: '0.1.0' } as const;

/** Its release, built from its folder for browsers and the page renderer, into `builds`. */
export async function buildParticipation(builds: string): Promise<string> {
  const outDir = path.join(builds, `${participation.name}-release`);
  fs.mkdirSync(outDir);
  await buildForRelease(path.join(repositoryRoot, participation.name), outDir, 'e2e');
  return outDir;
}

/**
 * Adds it to the running site's registry (`npm run remotes -- add`, through the site's control
 * socket beside its embedded database), publishes the release built and activates it; resolves once
 * the site serves its list of consultations.
 */
export async function joinParticipation(siteUrl: string, dataDir: string, build: string): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, PGLITE_DATA_DIR: dataDir, LOG_LEVEL: 'error' };
  delete env.DATABASE_URL;
  const remotes = (...args: string[]) =>
    runTestProcess('npm run remotes', process.execPath, ['api-gateway/dist/cli/remotes.js', ...args], {
      cwd: repositoryRoot,
      env,
    });
  await remotes(
    'add',
    participation.name,
    '--prefix',
    consultationLinks.page,
    '--link',
    'header',
    '--link',
    'footer',
    '--team',
    'Participation team',
    '--reason',
    'consultations on policy (issue 64)',
  );
  const { version } = participation;
  await remotes('publish', participation.name, '--from', build, '--version', version, '--reason', 'consultations');
  await remotes('activate', participation.name, version, '--reason', 'open the consultations');
  // The gateway serves it from its next registry read, once the renderer of that registry has started.
  for (let tries = 0; tries < 120; tries += 1) {
    const answer = await fetch(`${siteUrl}${consultationLinks.page}`);
    if (answer.ok && (await answer.text()).includes('Tell us where our drafts are wrong.')) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${siteUrl}${consultationLinks.page} was not served within 60 s of activating ${participation.name}`);
}

/** The consultation every route test visits: open, on its second version, with nothing hidden. */
export const sampleConsultation = {
  slug: 'open-council-budgets',
  title: 'Open budgets for every council',
} as const;

/** The first day of the month after next, as YYYY-MM-DD: a closing date always ahead. */
export const closingDate = () => {
  const today = new Date();
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 2, 1)).toISOString().slice(0, 10);
};

/** A consultation's draft as staff start it, in the sample's words unless `change` says otherwise. */
export const consultationDraft = (change: Partial<ConsultationDraft> = {}): ConsultationDraft => ({
  ...sampleConsultation,
  summary: 'Every council publishes what it spends, line by line, within a month of spending it.',
  policyArea: 'governance',
  closesOn: closingDate(),
  paragraphs: [
    { text: 'Every council publishes each payment above $500 within three months, with its supplier and purpose.' },
    { text: 'Payments are published as open data, in one national format, under an open licence.' },
    { text: 'The state auditor checks each council’s publication once a year and reports what is missing.' },
  ],
  ...change,
});

/**
 * Starts `draft` as staff do in the console, publishes a second version (the first paragraph
 * revised, a fourth added) and opens it, through `admin`'s console API.
 */
export async function openConsultation(admin: APIRequestContext, draft: ConsultationDraft): Promise<void> {
  const at = `${staffLinks.consultationsEndpoint}/${draft.slug}`;
  await admin.post(staffLinks.consultationsEndpoint, { data: draft, failOnStatusCode: true });
  const first = (await (await admin.get(at, { failOnStatusCode: true })).json()) as {
    paragraphs: Array<{ key: string; text: string }>;
  };
  const [one, two, three] = first.paragraphs;
  await admin.post(`${at}/versions`, {
    data: {
      paragraphs: [
        {
          key: one!.key,
          text: 'Every council publishes each payment above $250 within one month, with its supplier and purpose.',
        },
        { key: two!.key, text: two!.text },
        { key: three!.key, text: three!.text },
        { text: 'A council that publishes late explains why, on the same page, until it has published.' },
      ],
      note: 'After talking to council treasurers: a lower threshold, a shorter delay, and late publication explained.',
    },
    failOnStatusCode: true,
  });
  await admin.post(`${at}/phase`, { data: { phase: 'open' }, failOnStatusCode: true });
}

/** Makes the sample consultation on the site at E2E_BASE_URL. */
export async function createSampleConsultation(): Promise<void> {
  const admin = await administratorApi();
  try {
    await openConsultation(admin, consultationDraft());
  } finally {
    await admin.dispose();
  }
}
