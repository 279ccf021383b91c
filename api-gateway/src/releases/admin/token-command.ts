import { OperatorCommandError, optionsOf, type Queryable } from '../../platform/index.js';
import { knownRemote } from '../release-registry.js';
import { createAdminToken, isTokenScope, listAdminTokens, revokeAdminToken } from './admin-tokens.js';

// Run by the command line on the database, or by the running gateway for it (the control socket),
// with the same records either way.

const TOKENS_USAGE = `Usage: npm run tokens -- <command>
  create --owner "<team or person>" --scope <remote>|all   prints the token, once
  revoke <id>                                              stops it at once
  list                                                     every token, never its secret`;

/** `npm run tokens -- …args`: admin-API tokens for `npm run remotes` through the running gateway. */
export async function tokenCommand(db: Queryable, [command, ...args]: string[]): Promise<string> {
  const option = optionsOf(args);
  switch (command) {
    case 'create': {
      const owner = option('owner');
      const scope = option('scope') === 'all' ? '*' : (option('scope') ?? '');
      if (!owner || !isTokenScope(scope)) throw new OperatorCommandError(TOKENS_USAGE);
      if (scope !== '*') await knownRemote(db, scope);
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
