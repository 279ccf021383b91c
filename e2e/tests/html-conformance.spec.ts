import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runTestProcess } from '../../api-gateway/src/testing/test-processes';
import { builtRoutes, samplePath } from '../support/built-routes';
import { expect, test } from '../support/fixtures';
import { repositoryRoot } from '../support/local-processes';

// Every page as the server sends it, checked by the Nu HTML Checker (the W3C's validator, from npm,
// on Debian's Java): no error on any route, the 404 included.
const checker = path.join(repositoryRoot, 'node_modules/vnu-jar/build/dist/vnu.jar');

interface CheckerMessage {
  type: string;
  url: string;
  message: string;
  extract?: string;
}

test('every page the server sends is valid HTML (the Nu HTML Checker finds no error)', async ({ request }) => {
  test.setTimeout(60_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'html-conformance-'));
  try {
    const paths = [...new Set([...builtRoutes.map((route) => samplePath(route.path)), '/this/page/does-not-exist'])];
    for (const [index, pathname] of paths.entries()) {
      const response = await request.get(pathname);
      expect([200, 404]).toContain(response.status());
      fs.writeFileSync(
        path.join(dir, `${String(index).padStart(2, '0')}${pathname.replaceAll('/', '_')}.html`),
        await response.body(),
      );
    }
    // One Java start for every page: the checker takes files and reports them all in one JSON.
    const { stderr } = await runTestProcess('the Nu HTML Checker', 'java', [
      '-jar',
      checker,
      '--errors-only',
      '--format',
      'json',
      '--exit-zero-always',
      dir,
    ]);
    const { messages } = JSON.parse(stderr) as { messages: CheckerMessage[] };
    const errors = messages.map(
      ({ url, message, extract }) => `${path.basename(url)}: ${message}${extract ? ` — ${extract.trim()}` : ''}`,
    );
    expect(errors).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
