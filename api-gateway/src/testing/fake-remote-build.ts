import fs from 'node:fs/promises';
import path from 'node:path';
import { donationLinks } from '@party/shared-contracts';

/**
 * What a build of mf-donate puts in its folder (its manifest, routes and scripts), with or without
 * the donate page its first route names.
 */
export async function fakeDonateBuild(outDir: string, { exposesDonate = true } = {}) {
  const files: Record<string, string> = {
    'mf-manifest.json': JSON.stringify({
      name: 'mf-donate',
      metaData: { remoteEntry: { name: 'static/js/mf-donate.1a2b.js', path: '' } },
      exposes: [
        ...(exposesDonate
          ? [
              {
                name: 'Donate',
                assets: { js: { sync: ['static/js/async/donate.3c4d.js'], async: [] }, css: { sync: [], async: [] } },
              },
            ]
          : []),
        {
          name: 'ConfirmDonorEmail',
          assets: { js: { sync: ['static/js/async/donate.3c4d.js'], async: [] }, css: { sync: [], async: [] } },
        },
      ],
    }),
    'routes.json': JSON.stringify([
      { path: '/donate', page: 'Donate', nav: { label: 'Donate', order: 50 } },
      { path: donationLinks.confirmEmailPage, page: 'ConfirmDonorEmail', unlisted: true },
    ]),
    'static/js/mf-donate.1a2b.js': 'var x;',
    'static/js/async/donate.3c4d.js': 'var y;',
  };
  for (const [file, content] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(outDir, file)), { recursive: true });
    await fs.writeFile(path.join(outDir, file), content);
  }
}
