#!/usr/bin/env node
// `npx party-release publish --reason "…"` in a remote's folder: see src/release-cli.ts.
import { runReleaseCli } from '../dist/index.js';

try {
  await runReleaseCli(process.argv.slice(2), process.cwd(), process.env, (line) => console.log(line));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
