// Makes sure a program from Debian is there (`node scripts/ensure-debian-package.mjs haproxy
// /usr/sbin/haproxy`); installs its package when it can (root with apt-get), otherwise stops with
// one line saying how. Never skips the tests that need it.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const [debianPackage, program] = process.argv.slice(2);
if (!debianPackage || !program) {
  console.error('Usage: node scripts/ensure-debian-package.mjs <package> <program path>');
  process.exit(2);
}
if (existsSync(program)) process.exit(0);
if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
  console.error(`No ${program}: install it (Debian: sudo apt-get install -y ${debianPackage}).`);
  process.exit(1);
}
console.log(`Installing Debian ${debianPackage}…`);
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', debianPackage], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
