import { runOperatorCommand } from './operator-gateway.js';

// `npm run staff -- <command>`: run where the gateway runs, by whoever administers it.
await runOperatorCommand('staff');
