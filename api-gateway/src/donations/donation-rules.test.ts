import { localDonationRules, writeDonationRules } from '../testing/local-chain.js';
import {
  acceptsPledges,
  donationProfiles,
  donationTerms,
  hasLedger,
  readDonationRules,
  type LedgerRules,
} from './donation-rules.js';

const chain = { chainId: 31337, rpcUrl: 'http://127.0.0.1:8545' } as Parameters<typeof localDonationRules>[0][number];

describe('donation rules', () => {
  it.each(donationProfiles)('reads the shipped profile %s', (profile) => {
    const rules = readDonationRules(profile);
    expect(rules.profile).toBe(profile);
    expect(rules.source.length).toBeGreaterThan(40);
  });

  it('gives the US and UK profiles their currencies, thresholds and caps', () => {
    expect(readDonationRules('us-federal')).toMatchObject({
      currency: 'USD',
      declarationThreshold: 0,
      cap: { amount: 100 },
      disclosureThreshold: 200,
      regulatorExport: 'fec',
    });
    expect(readDonationRules('uk')).toMatchObject({
      currency: 'GBP',
      declarationThreshold: 500,
      cap: null,
      disclosureThreshold: 11180,
      regulatorExport: 'electoral-commission',
    });
  });

  it('accepts no crypto under the UK profile since the moratorium, and still follows its networks to list what arrives for return', () => {
    const uk = readDonationRules('uk');
    expect(uk).toMatchObject({ accepting: false, closedSince: '2026-03-25', deadlines: { closed: 30 } });
    expect(hasLedger(uk) && uk.networks.map((network) => network.chainId)).toEqual([1, 42161, 137]);
    expect(uk.source).toMatch(/Rycroft Review/);
    const terms = donationTerms(uk);
    expect(terms).toMatchObject({
      accepting: false,
      message: expect.stringContaining('Since 25 March 2026 UK law does not allow political parties to accept them'),
    });
    expect(JSON.stringify(terms)).not.toMatch(/rpc|publicnode/i);
  });

  it('stops taking pledges on an accepting profile’s closing day', () => {
    const rules = { ...readDonationRules('us-federal'), closedSince: '2030-01-01' } as LedgerRules;
    expect(acceptsPledges(rules, new Date('2029-12-31T23:59:59Z'))).toBe(true);
    expect(acceptsPledges(rules, new Date('2030-01-01T00:00:00Z'))).toBe(false);
  });

  it('asks a profile that accepts nothing yet follows networks for the day it closed, and each feed for its heartbeat', () => {
    const closed = { ...localDonationRules([chain]), accepting: false, message: 'No.', otherWays: 'Join.' };
    expect(() => readDonationRules(writeDonationRules(closed))).toThrow(/closedSince/);
    const rules = localDonationRules([chain]);
    delete (rules.networks[0]!.priceFeeds[0] as { heartbeatSeconds?: number }).heartbeatSeconds;
    expect(() => readDonationRules(writeDonationRules(rules))).toThrow(/heartbeatSeconds/);
  });

  it('refuses a receiving address with a typo (a broken checksum), naming it', () => {
    const rules = localDonationRules([chain]);
    rules.networks[0]!.receivingAddress = '0x02e4698646962d363Bacf618C21cB60aece70625';
    expect(() => readDonationRules(writeDonationRules(rules))).toThrow(
      /0x02e4698646962d363Bacf618C21cB60aece70625 is not a valid, checksummed address/,
    );
  });

  it('refuses a network the site does not know, and a file that is not there', () => {
    const rules = localDonationRules([chain]);
    rules.networks[0]!.chainId = 5;
    expect(() => readDonationRules(writeDonationRules(rules))).toThrow(/a network the site knows/);
    expect(() => readDonationRules('/nowhere/rules.json')).toThrow(/cannot be read/);
  });

  it('tells pages the terms without an RPC URL or a price feed', () => {
    const terms = JSON.stringify(donationTerms(readDonationRules('us-federal')));
    expect(terms).toContain('0x7c1A5dEc2b95f4E0aA375ad9C6b4C2Aa714d4A09');
    expect(terms).not.toMatch(/rpc|publicnode|priceFeeds|0x5f4eC3Df9cbd43714FE2740f5E3616155c5b8419/i);
  });
});
