import { defineConfig } from '@rsbuild/core';
import type { ExposedPageKey, ExposedWidgetKey } from '@party/shared-contracts';
import { remoteRsbuildConfig } from '@party/shared-contracts/build';
import packageJson from './package.json' with { type: 'json' };

const exposes = {
  './Contact': './src/routes/Contact.tsx',
  './Join': './src/routes/Join.tsx',
  './MembershipConfirmation': './src/routes/MembershipConfirmation.tsx',
  './Volunteer': './src/routes/Volunteer.tsx',
  './NewsletterConfirm': './src/routes/NewsletterConfirm.tsx',
  './NewsletterUnsubscribe': './src/routes/NewsletterUnsubscribe.tsx',
  './MembershipConfirm': './src/routes/MembershipConfirm.tsx',
  './MemberSignIn': './src/routes/MemberSignIn.tsx',
  './MemberAccount': './src/routes/MemberAccount.tsx',
  './ForgotPassword': './src/routes/ForgotPassword.tsx',
  './ResetPassword': './src/routes/ResetPassword.tsx',
  './StaffConsole': './src/routes/StaffConsole.tsx',
  './NewsletterSignup': './src/features/newsletter/NewsletterSignup.tsx',
  './EventRegistration': './src/features/events/EventRegistrationForm.tsx',
} satisfies Record<ExposedPageKey<'mf-engagement'> | ExposedWidgetKey<'mf-engagement'>, string>;

export default defineConfig(remoteRsbuildConfig({ name: 'mf-engagement', exposes, port: 3002, packageJson }));
