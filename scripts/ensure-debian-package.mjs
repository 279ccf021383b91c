// Makes sure programs from Debian are there (`node scripts/ensure-debian-package.mjs
// haproxy:/usr/sbin/haproxy xvfb:/usr/bin/Xvfb …`, each `<package>:<program path>`); installs the
// packages of those missing when it can (root with apt-get), otherwise stops with one line saying
// how. Never skips the tests that need them.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const wanted = process.argv.slice(2).map((pair) => pair.split(':'));
if (wanted.length === 0 || wanted.some((pair) => pair.length !== 2)) {
  console.error('Usage: node scripts/ensure-debian-package.mjs <package>:<program path> …');
  process.exit(2);
}
const missing = wanted.filter(([, program]) => !existsSync(program)).map(([debianPackage]) => debianPackage);
if (missing.length === 0) process.exit(0);
if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
  console.error(`Missing Debian packages: install them (sudo apt-get install -y ${missing.join(' ')}).`);
  process.exit(1);
}
console.log(`Installing Debian ${missing.join(', ')}…`);
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
  stdio: 'inherit',
  env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
});
