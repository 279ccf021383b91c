import fs from 'node:fs/promises';
import path from 'node:path';
import { donationLinks, type RemoteRoute } from '@party/shared-contracts';

/**
 * What a build of a remote puts in its folder: its manifest exposing each route's page (`exposed`,
 * unless told otherwise), its routes and its scripts.
 */
export async function fakeRemoteBuild(
  outDir: string,
  {
    name,
    routes,
    exposed = routes.map((route) => route.page),
  }: { name: string; routes: RemoteRoute[]; exposed?: string[] },
) {
  const files: Record<string, string> = {
    'mf-manifest.json': JSON.stringify({
      name,
      metaData: { remoteEntry: { name: `static/js/${name}.1a2b.js`, path: '' } },
      exposes: exposed.map((page) => ({
        name: page,
        assets: { js: { sync: ['static/js/async/pages.3c4d.js'], async: [] }, css: { sync: [], async: [] } },
      })),
    }),
    'routes.json': JSON.stringify(routes),
    [`static/js/${name}.1a2b.js`]: 'var x;',
    'static/js/async/pages.3c4d.js': 'var y;',
  };
  for (const [file, content] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(outDir, file)), { recursive: true });
    await fs.writeFile(path.join(outDir, file), content);
  }
}

/** A build of mf-donate, with or without the donate page its first route names. */
export async function fakeDonateBuild(outDir: string, { exposesDonate = true } = {}) {
  await fakeRemoteBuild(outDir, {
    name: 'mf-donate',
    routes: [
      { path: '/donate', page: 'Donate', nav: { label: 'Donate', order: 50 } },
      { path: donationLinks.confirmEmailPage, page: 'ConfirmDonorEmail', unlisted: true },
    ],
    exposed: exposesDonate ? ['Donate', 'ConfirmDonorEmail'] : ['ConfirmDonorEmail'],
  });
}
