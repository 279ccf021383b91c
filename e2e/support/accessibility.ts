import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/**
 * The WCAG 2.2 AA violations axe-core finds on the page, as readable lines. Injected through the
 * DevTools protocol, so the site's CSP stays as strict as it ships.
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      // axe's CSSOM preload re-fetches cross-origin stylesheets into inline styles, which the CSP refuses.
      preload: false,
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    });
    return result.violations;
  });
  return violations.map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/**
 * The violations of a page as a browser without JavaScript shows it (`page` is in such a context,
 * where axe cannot run): its HTML again, in a page of the same browser that runs axe but none of the
 * site's scripts, with what `<noscript>` holds shown as that browser shows it.
 */
export async function accessibilityViolationsWithoutScripts(page: Page): Promise<string[]> {
  // Read over the DevTools protocol: with scripts off, Playwright's own reads of the page never answer.
  const devtools = await page.context().newCDPSession(page);
  const { root } = await devtools.send('DOM.getDocument', { depth: -1 });
  const { outerHTML } = await devtools.send('DOM.getOuterHTML', { nodeId: root.nodeId });
  await devtools.detach();
  const html = `<!doctype html>${outerHTML.replace(/<(\/?)noscript>/g, '<$1div>')}`;
  // Said outright: a test's own contexts take its options, scripts switched off among them.
  const context = await page
    .context()
    .browser()!
    .newContext({ javaScriptEnabled: true, viewport: page.viewportSize() });
  try {
    const copy = await context.newPage();
    await copy.route('**/*', (route) =>
      route.request().url() === page.url().split('#')[0]
        ? route.fulfill({ contentType: 'text/html', body: html })
        : /\.js(\?|$)/.test(route.request().url())
          ? route.abort()
          : route.continue(),
    );
    await copy.goto(page.url());
    return await accessibilityViolations(copy);
  } finally {
    await context.close();
  }
}
