import { staffRoles, type StaffRole } from '@party/shared-contracts';
import { readConfig } from '../config.js';
import { openDatabase, type Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { passwordHasher } from '../forms/password-hash.js';
import { createLogger } from '../logger.js';
import { staffAccounts } from '../staff/staff-accounts.js';

// `npm run staff -- <command>`: run where the gateway runs, by whoever administers it. It talks to
// the database directly (on the embedded one, while the site is stopped).
const USAGE = `Usage: npm run staff -- <command>
  add --email <address> --name "<full name>" --role ${staffRoles.join('|')}   prints the password, once
  remove <address>                                                          ends the account and its sessions
  list                                                                      every account`;

const isRole = (value: string | undefined): value is StaffRole => staffRoles.some((role) => role === value);

async function run(db: Database, passwordHashing: ReturnType<typeof readConfig>['passwordHashing'], [command, ...args]: string[]): Promise<string> {
  const accounts = staffAccounts(db, passwordHasher(passwordHashing));
  const option = (name: string) => {
    const index = args.indexOf(`--${name}`);
    return index === -1 ? undefined : args[index + 1]?.trim();
  };
  switch (command) {
    case 'add': {
      const [email, name, role] = [option('email'), option('name'), option('role')];
      if (!email?.includes('@') || !name || !isRole(role)) throw new Error(USAGE);
      const password = await accounts.create(email, name, role);
      return `Staff account for ${name} <${email}> (${role}). Its password is shown this once; hand it over in person or through your password manager:\n${password}`;
    }
    case 'remove':
      if (!args[0]) throw new Error(USAGE);
      return (await accounts.remove(args[0])) ? `${args[0]} can no longer sign in.` : `There is no staff account ${args[0]}.`;
    case 'list':
      return (await accounts.list()).map((account) => `${account.email}  ${account.role.padEnd(14)}  ${account.name}  since ${account.createdAt}`).join('\n') || 'No staff accounts.';
    default:
      throw new Error(USAGE);
  }
}

const config = readConfig();
let db: Database | undefined;
try {
  db = await openDatabase(config.database, createLogger({ logLevel: 'error' }));
  await migrate(db);
  console.log(await run(db, config.passwordHashing, process.argv.slice(2)));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await db?.close();
}
