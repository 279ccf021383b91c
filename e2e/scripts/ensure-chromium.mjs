// Makes sure a system Chromium is there; installs Debian's package when it can (root with apt-get),
// otherwise stops with one line saying how. Never skips the tests. The argument names the Debian
// package: `chromium-headless-shell` (the default) for the browser tests, `chromium` for Lighthouse.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const debianPackage = process.argv[2] ?? 'chromium-headless-shell';
const chromium = process.env.CHROMIUM_PATH ?? `/usr/bin/${debianPackage}`;
if (existsSync(chromium)) process.exit(0);

const canApt = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
if (process.env.CHROMIUM_PATH || !canApt) {
  console.error(
    `No Chromium at ${chromium}: install it (Debian: sudo apt-get install -y ${debianPackage}) or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}
console.log(`Installing Debian ${debianPackage}…`);
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
execFileSync('apt-get', ['install', '-y', '-qq', debianPackage], {
  stdio: 'inherit',
  env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
});
