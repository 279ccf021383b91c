/** The custom amount field (docs/product.md): at least 0.001 ETH, in steps of 0.001. */
export const CUSTOM_DONATION = { minEth: '0.001', stepEth: '0.001' } as const;

/** A decimal ETH amount as typed: digits and at most one point, at most 18 decimals. */
const DECIMAL_ETH = /^(?:(\d+)(?:\.(\d{0,18}))?|\.(\d{1,18}))$/;
const WEI_DECIMALS = 18;

/** Wei in a decimal ETH string, exactly (no floats); null when it is not one. */
function toWei(text: string): bigint | null {
  const match = DECIMAL_ETH.exec(text.trim());
  if (!match) return null;
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? match[3] ?? '';
  return BigInt(whole) * 10n ** BigInt(WEI_DECIMALS) + BigInt(fraction.padEnd(WEI_DECIMALS, '0'));
}

const MIN_WEI = toWei(CUSTOM_DONATION.minEth)!;
const STEP_WEI = toWei(CUSTOM_DONATION.stepEth)!;

/** The rule the field's min and step attributes state, enforced in code too (they only hint). */
export function isValidDonationAmount(text: string): boolean {
  const wei = toWei(text);
  return wei !== null && wei >= MIN_WEI && wei % STEP_WEI === 0n;
}
