import { OperatorCommandError, optionsOf } from '../../platform/index.js';
import type { StaffAccounts } from './staff-accounts.js';

// Run by the command line on the database, or by the running gateway for it (the control socket),
// with the same records either way.

const STAFF_USAGE = `Usage: npm run staff -- <command>
  add --email <address> --name "<full name>"   an administrator (the first); prints the password, once
  remove <address>                             ends the account and its sessions
  list                                         every account
Administrators invite the rest of the staff, change roles and disable accounts in the staff console.`;

/** `npm run staff -- …args`: the staff console's accounts. */
export async function staffCommand(accounts: StaffAccounts, [command, ...args]: string[]): Promise<string> {
  const option = optionsOf(args);
  switch (command) {
    case 'add': {
      const [email, name, role = 'administrator'] = [option('email'), option('name'), option('role')];
      if (!email?.includes('@') || !name || role !== 'administrator') throw new OperatorCommandError(STAFF_USAGE);
      const password = await accounts.create(email, name, role);
      return `Administrator account for ${name} <${email}>. Its password is shown this once; hand it over in person or through your password manager. At the first sign-in it adds a passkey or an authenticator app:\n${password}`;
    }
    case 'remove':
      if (!args[0]) throw new OperatorCommandError(STAFF_USAGE);
      return (await accounts.remove(args[0]))
        ? `${args[0]} can no longer sign in.`
        : `There is no staff account ${args[0]}.`;
    case 'list':
      return (
        (await accounts.list())
          .map((account) => `${account.email}  ${account.role.padEnd(14)}  ${account.name}  since ${account.createdAt}`)
          .join('\n') || 'No staff accounts.'
      );
    default:
      throw new OperatorCommandError(STAFF_USAGE);
  }
}
