import { localDonationRules, writeDonationRules } from '../../testing/local-chain.js';
import { donationProfiles, donationTerms, readDonationRules } from './donation-rules.js';

const chain = { chainId: 31337, rpcUrl: 'http://127.0.0.1:8545' } as Parameters<typeof localDonationRules>[0][number];

describe('donation rules', () => {
  it.each(donationProfiles)('reads the shipped profile %s', (profile) => {
    const rules = readDonationRules(profile);
    expect(rules.profile).toBe(profile);
    expect(rules.source.length).toBeGreaterThan(40);
  });

  it('gives the US and UK profiles their currencies, thresholds and caps', () => {
    expect(readDonationRules('us-federal')).toMatchObject({ currency: 'USD', declarationThreshold: 0, cap: { amount: 100 }, disclosureThreshold: 200, regulatorExport: 'fec' });
    expect(readDonationRules('uk')).toMatchObject({ currency: 'GBP', declarationThreshold: 500, cap: null, disclosureThreshold: 11180, regulatorExport: 'electoral-commission' });
  });

  it('refuses a receiving address with a typo (a broken checksum), naming it', () => {
    const rules = localDonationRules([chain]);
    rules.networks[0]!.receivingAddress = '0x02e4698646962d363Bacf618C21cB60aece70625';
    expect(() => readDonationRules(writeDonationRules(rules))).toThrow(/0x02e4698646962d363Bacf618C21cB60aece70625 is not a valid, checksummed address/);
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
