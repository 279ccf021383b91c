/** A decimal ETH amount as typed: digits, at most one point, at most 18 decimals, above zero. */
const DECIMAL_ETH = /^(?:\d+(?:\.\d{0,18})?|\.\d{1,18})$/;

export function isValidDonationAmount(text: string): boolean {
  const trimmed = text.trim();
  return DECIMAL_ETH.test(trimmed) && /[1-9]/.test(trimmed);
}
