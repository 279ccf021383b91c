import { staffRoles, type StaffRole } from '@party/shared-contracts';
import { runDatabaseCommand } from './database-command.js';
import { passwordHasher } from '../passwords/password-hash.js';
import { staffAccounts, type StaffAccounts } from '../staff/staff-accounts.js';

// `npm run staff -- <command>`: run where the gateway runs, by whoever administers it.
const USAGE = `Usage: npm run staff -- <command>
  add --email <address> --name "<full name>" --role ${staffRoles.join('|')}   prints the password, once
  remove <address>                                                          ends the account and its sessions
  list                                                                      every account`;

const isRole = (value: string | undefined): value is StaffRole => staffRoles.some((role) => role === value);

async function run(accounts: StaffAccounts, [command, ...args]: string[]): Promise<string> {
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

await runDatabaseCommand(async (db, config) => {
  const passwords = passwordHasher(config.passwordHashing);
  try {
    return await run(staffAccounts(db, passwords), process.argv.slice(2));
  } finally {
    await passwords.close();
  }
});
