import { runOperatorCommand } from './operator-gateway.js';

// `npm run tokens -- <command>`: run where the gateway runs, by whoever administers it. The tokens
// it makes are what `npm run remotes` presents to a gateway from elsewhere (PARTY_ADMIN_URL).
await runOperatorCommand('tokens');
