// The donations module: crypto donations from their rules to the treasurer's view: pledges, reports
// verified on chain, the watcher, receipts and the public ledger. Only the composition root imports
// it, from here.

export { donationsModule, type Donations, type DonationsOverrides } from './donations-module.js';
