import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildRemote as buildForRelease } from '@party/release-tool';
import { repositoryRoot } from './local-processes';

/** The page of the new team's remote: its path, its label in the header, and the release it says it is. */
export const noticeboard = { name: 'mf-noticeboard', path: '/noticeboard', navLabel: 'Noticeboard' } as const;

/** Its one page; the release it was built as is on PageFrame's article (`data-release`). */
const page = `import { useState } from 'react';
import { PageFrame, PageHero, Section } from '@party/shared-ui';

const meta = { title: 'Noticeboard', description: 'What volunteers have pinned this week.' };

export default function Noticeboard() {
  const [pinned, setPinned] = useState(0);
  return (
    <PageFrame meta={meta}>
      <PageHero eyebrow="Volunteers" heading="Noticeboard" lead="What volunteers have pinned this week." />
      <Section id="notes" heading="Notes">
        <p role="status">Notes pinned: {pinned}</p>
        <button type="button" onClick={() => setPinned((count) => count + 1)}>Pin a note</button>
      </Section>
    </PageFrame>
  );
}
`;

/**
 * What a fourth team's folder holds, written as that team would (one page, `/noticeboard`, linked
 * from the header) and built as a release (for browsers and the page renderer) labelled `label`:
 * a remote none of the repository's packages, the registry or the shell has ever heard of. Built
 * inside the repository for its packages (React, the shared kit), then removed.
 */
export async function buildNoticeboard(label: string): Promise<string> {
  const sourceDir = fs.mkdtempSync(path.join(repositoryRoot, '.e2e-mf-noticeboard-'));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(sourceDir, file)), { recursive: true });
    fs.writeFileSync(path.join(sourceDir, file), text);
  };
  try {
    const donate = JSON.parse(fs.readFileSync(path.join(repositoryRoot, 'mf-donate/package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    // What any remote of the site needs (React, the router, the shared kit), without mf-donate's wallet.
    const dependencies = Object.fromEntries(Object.entries(donate.dependencies).filter(([name]) => name !== 'ethers'));
    write(
      'package.json',
      JSON.stringify({
        name: '@volunteers/mf-noticeboard',
        version: '1.0.0',
        private: true,
        type: 'module',
        dependencies,
      }),
    );
    fs.cpSync(path.join(repositoryRoot, 'mf-donate/tsconfig.json'), path.join(sourceDir, 'tsconfig.json'));
    fs.cpSync(path.join(repositoryRoot, 'mf-donate/src/env.d.ts'), path.join(sourceDir, 'src/env.d.ts'));
    fs.cpSync(
      path.join(repositoryRoot, 'mf-donate/src/federation-entry.ts'),
      path.join(sourceDir, 'src/federation-entry.ts'),
    );
    const route = { path: noticeboard.path, page: 'Noticeboard', nav: { label: noticeboard.navLabel, order: 45 } };
    write('src/routes/route-table.ts', `export const routes = [${JSON.stringify(route)}];\n`);
    write('src/routes/Noticeboard.tsx', page);
    write(
      'src/server-entry.ts',
      `import { listedPaths } from '@party/shared-contracts';
import type { RemoteServerBundle } from '@party/shared-ui';
import { routes } from './routes/route-table';

export const bundle: RemoteServerBundle = {
  loadPage: (page) => import(\`./routes/\${page}.tsx\`),
  loadWidget: (widget) => Promise.reject(new Error(\`no widget \${widget}\`)),
  publicPaths: () => listedPaths(routes),
  setAssetBase: (url) => {
    __webpack_public_path__ = url;
  },
};
`,
    );
    write(
      'rsbuild.config.ts',
      `import { defineConfig } from '@rsbuild/core';
import { remoteRsbuildConfig } from '@party/remote-build';
import packageJson from './package.json' with { type: 'json' };
import { routes } from './src/routes/route-table';

export default defineConfig(remoteRsbuildConfig({ name: '${noticeboard.name}', routes, port: 3009, packageJson }));
`,
    );
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), `${noticeboard.name}-${label}-`));
    await buildForRelease(sourceDir, outDir, label);
    return outDir;
  } finally {
    fs.rmSync(sourceDir, { recursive: true, force: true });
  }
}
