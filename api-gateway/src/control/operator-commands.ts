import { createAdminToken, isTokenScope, listAdminTokens, revokeAdminToken } from '../releases/index.js';
import type { Queryable } from '../platform/index.js';
import type { StaffAccounts } from '../people/index.js';

// What `npm run tokens` and `npm run staff` do: run by the command line on the database, or by the
// running gateway for it (the control socket), with the same records either way.

/** A command given wrong: its usage, said to the operator (400 through the control socket). */
export class OperatorCommandError extends Error {
  override name = 'OperatorCommandError';
  readonly status = 400;
}

const TOKENS_USAGE = `Usage: npm run tokens -- <command>
  create --owner "<team or person>" --scope <remote>|all   prints the token, once
  revoke <id>                                              stops it at once
  list                                                     every token, never its secret`;

const STAFF_USAGE = `Usage: npm run staff -- <command>
  add --email <address> --name "<full name>"   an administrator (the first); prints the password, once
  remove <address>                             ends the account and its sessions
  list                                         every account
Administrators invite the rest of the staff, change roles and disable accounts in the staff console.`;

/** The value after `--<name>` in a command's arguments, trimmed. */
const optionsOf =
  (args: string[]) =>
  (name: string): string | undefined => {
    const index = args.indexOf(`--${name}`);
    return index === -1 ? undefined : args[index + 1]?.trim();
  };

/** `npm run tokens -- …args`: admin-API tokens for `npm run remotes` through the running gateway. */
export async function tokenCommand(db: Queryable, [command, ...args]: string[]): Promise<string> {
  const option = optionsOf(args);
  switch (command) {
    case 'create': {
      const owner = option('owner');
      const scope = option('scope') === 'all' ? '*' : (option('scope') ?? '');
      if (!owner || !isTokenScope(scope)) throw new OperatorCommandError(TOKENS_USAGE);
      const token = await createAdminToken(db, owner, scope);
      return `Token ${token.id} for ${owner} (${scope === '*' ? 'every remote' : scope}). It is shown this once; keep it in your secret store:\n${token.secret}`;
    }
    case 'revoke':
      if (!args[0]) throw new OperatorCommandError(TOKENS_USAGE);
      return (await revokeAdminToken(db, args[0]))
        ? `Token ${args[0]} is revoked.`
        : `There is no live token ${args[0]}.`;
    case 'list':
      return (
        (await listAdminTokens(db))
          .map(
            (token) =>
              `${token.id}  ${token.scope.padEnd(13)}  ${token.owner}  created ${token.createdAt}${token.revoked ? '  (revoked)' : ''}`,
          )
          .join('\n') || 'No tokens.'
      );
    default:
      throw new OperatorCommandError(TOKENS_USAGE);
  }
}

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
