import { fieldErrorsOf } from '../forms/form-fields.js';
import {
  declarationOnBehalfSchema,
  declarationSchema,
  donationPledgeSchema,
  donationRefundSchema,
} from './donation-schemas.js';
import type { AcceptingDonationTerms } from './donation-terms.js';

const terms: AcceptingDonationTerms = {
  accepting: true,
  profile: 'test',
  currency: 'USD',
  declarationThreshold: 0,
  cap: null,
  disclosureThreshold: 200,
  declaration: {
    fields: ['fullName', 'email', 'postalCode'],
    affirmations: [{ id: 'own-funds', text: 'My own funds.' }],
  },
  networks: [{ chainId: 1, receivingAddress: '0x7c1A5dEc2b95f4E0aA375ad9C6b4C2Aa714d4A09' }],
};
const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

describe('the donation schemas', () => {
  it('take an amount of ETH as a decimal string, more than zero, never a float', () => {
    const pledge = donationPledgeSchema(terms);
    for (const amountEth of ['0.01', '1', '0.000000000000000001', '12.5'])
      expect(pledge.safeParse({ chainId: 1, account: ACCOUNT, amountEth }).success).toBe(true);
    for (const amountEth of ['0', '0.0', '-1', '1e3', '0.0000000000000000001', '', 0.1]) {
      expect(fieldErrorsOf(pledge.safeParse({ chainId: 1, account: ACCOUNT, amountEth }).error!)).toEqual({
        amountEth: 'Please enter a valid donation amount.',
      });
    }
  });

  it('refuse a network the rules do not accept, and an account that is not an address', () => {
    const refused = donationPledgeSchema(terms).safeParse({ chainId: 137, account: '0x1234', amountEth: '0.1' });
    expect(fieldErrorsOf(refused.error!)).toEqual({
      chainId: 'This network is not accepted',
      account: 'A wallet account is an address of 40 hexadecimal digits',
    });
  });

  it('ask for exactly the fields the rules name, trimmed, with every affirmation ticked', () => {
    const schema = declarationSchema(terms);
    expect(
      schema.parse({
        fullName: '  Ada Lovelace ',
        email: 'ADA@Example.org',
        postalCode: '80202',
        occupation: 'ignored',
        affirmations: ['own-funds'],
      }),
    ).toEqual({
      fullName: 'Ada Lovelace',
      email: 'ada@example.org',
      postalCode: '80202',
      affirmations: ['own-funds'],
    });
    expect(
      fieldErrorsOf(schema.safeParse({ fullName: 'A', email: 'no', postalCode: '', affirmations: [] }).error!),
    ).toEqual({
      fullName: 'Please enter your full name',
      email: 'Please enter a valid email address',
      postalCode: 'Please enter a valid postal/ZIP code',
      affirmations: 'Please confirm each statement to donate',
    });
  });

  it('let the treasurer declare for a donor who confirmed in writing, and record a refund by its hash', () => {
    expect(
      fieldErrorsOf(
        declarationOnBehalfSchema(terms).safeParse({
          fullName: 'Ada Lovelace',
          email: 'ada@example.org',
          postalCode: '80202',
          confirmed: false,
        }).error!,
      ),
    ).toEqual({
      confirmed: 'Confirm that the donor made each statement in writing',
    });
    expect(donationRefundSchema.parse({ refundHash: ` 0x${'ab'.repeat(32)} ` })).toEqual({
      refundHash: `0x${'ab'.repeat(32)}`,
    });
    expect(donationRefundSchema.safeParse({ refundHash: '0x1234' }).success).toBe(false);
  });
});
