// Runs a command on another Node major (`node scripts/with-node.mjs 24 npm run test:unit`): the
// site supports Node 20.19+ and CI also runs the unit tests on the current LTS. The binary comes
// from the npm registry's `node` package, installed once into node_modules/.cache (not a project
// dependency: its `node` bin would shadow the machine's Node in every npm script).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const VERSIONS = { 24: '24.21.0' };
const [major, command, ...args] = process.argv.slice(2);
const version = VERSIONS[major];
if (!version || !command) {
  console.error(`Usage: node scripts/with-node.mjs <${Object.keys(VERSIONS).join('|')}> <command> [args…]`);
  process.exit(2);
}

const toolDir = path.resolve(import.meta.dirname, `../node_modules/.cache/node-${version}`);
const binDir = path.join(toolDir, 'node_modules/.bin');
if (!fs.existsSync(path.join(binDir, 'node'))) {
  console.log(`Installing Node ${version} from the npm registry (once)…`);
  fs.mkdirSync(toolDir, { recursive: true });
  execFileSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', toolDir, `node@${version}`], {
    stdio: 'inherit',
  });
}

const env = { ...process.env, PATH: `${binDir}${path.delimiter}${process.env.PATH}` };
console.log(
  `Node ${execFileSync(path.join(binDir, 'node'), ['--version']).toString().trim()}: ${[command, ...args].join(' ')}`,
);
const result = spawnSync(command, args, { stdio: 'inherit', env });
process.exit(result.status ?? 1);
