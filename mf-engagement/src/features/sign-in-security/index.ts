// Giving and adding a second factor, for the staff console and the member area alike.
export { AddFactor } from './AddFactor';
export { RecoveryCodes } from './RecoveryCodes';
export { SecondFactorForm } from './SecondFactorForm';
export { SecondFactorStep } from './SecondFactorStep';
export type { FactorEndpoints } from './passkeys';
