// Makes sure a system Chromium is there for the browser tests; installs Debian's package when it
// can (root with apt-get), otherwise stops with one line saying how. Never skips the tests.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(chromium)) process.exit(0);

const canApt = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
if (process.env.CHROMIUM_PATH || !canApt) {
  console.error(`No Chromium at ${chromium}: install it (Debian: sudo apt-get install -y chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}
console.log('Installing Debian chromium for the browser tests…');
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
