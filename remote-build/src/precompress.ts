import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { RsbuildPlugin } from '@rsbuild/core';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What browsers fetch as text; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|xml|webmanifest)$/;

async function precompressFile(file: string): Promise<void> {
  const content = await fs.readFile(file);
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    }),
    gzip(content, { level: 9 }),
  ]);
  // A variant no smaller than the file would only cost the server a lookup.
  await Promise.all([
    br.length < content.length && fs.writeFile(`${file}.br`, br),
    gz.length < content.length && fs.writeFile(`${file}.gz`, gz),
  ]);
}

/**
 * Every compressible file of a build folder, but those under `skip`, with a `.br` (brotli 11) and a
 * `.gz` (gzip 9) beside it.
 */
export async function precompressFolder(folder: string, skip: readonly string[] = []): Promise<void> {
  const files = (await fs.readdir(folder, { recursive: true }))
    .filter((file) => COMPRESSIBLE.test(file))
    .map((file) => path.join(folder, file))
    .filter((file) => !skip.some((excluded) => file.startsWith(`${excluded}${path.sep}`)));
  await Promise.all(files.map(precompressFile));
}

/**
 * Precompresses each production build's output, so that the gateway (or a CDN) sends the smallest
 * file without compressing on every request.
 */
export function pluginPrecompress(): RsbuildPlugin {
  return {
    name: 'party:precompress',
    setup(api) {
      api.onAfterBuild(async ({ environments }) => {
        // Server builds (which may sit inside a browser build's folder) are never sent to browsers.
        const all = Object.values(environments);
        const forServers = all
          .filter((environment) => environment.config.output.target === 'node')
          .map((environment) => environment.distPath);
        const forBrowsers = all.filter((environment) => !forServers.includes(environment.distPath));
        await Promise.all(forBrowsers.map((environment) => precompressFolder(environment.distPath, forServers)));
      });
    },
  };
}
