/**
 * An amount of money as the site writes it everywhere (the donate page, the ledger, the staff
 * console, emails, refusals): in the donation rules' currency, en-US, to the cent, or in whole units
 * for a threshold or a cap. One place, so that a donor reads one figure one way.
 */
export function formatMoney(amount: number | string, currency: string, { whole = false } = {}): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    ...(whole ? { maximumFractionDigits: 0 } : {}),
  }).format(Number(amount));
}
