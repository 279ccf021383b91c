// How one signs in, for the staff console and the member area alike: giving and adding a second
// factor, recovery codes, and changing one's password.
export { AddFactor } from './AddFactor';
export { ChangePasswordForm } from './ChangePasswordForm';
export { RecoveryCodes } from './RecoveryCodes';
export { SecondFactorForm } from './SecondFactorForm';
export { SecondFactorStep } from './SecondFactorStep';
export type { FactorEndpoints } from './sign-in-security-api';
