/** An amount in the donation rules' currency, to the cent, or in whole units (a threshold, a cap). */
export function formatMoney(amount: number | string, currency: string, { whole = false } = {}): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    ...(whole ? { maximumFractionDigits: 0 } : {}),
  }).format(Number(amount));
}
