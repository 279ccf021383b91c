import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import type { ExposedPageKey, ExposedWidgetKey } from '@party/shared-contracts';
import { federationOptions, pluginPrecompress, remoteBuildOptions } from '@party/shared-contracts/build';
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

export default defineConfig(({ command }) => ({
  plugins: [
    pluginReact(),
    pluginPrecompress(),
    pluginModuleFederation(
      {
        ...federationOptions(command, 'consume', packageJson.dependencies),
        name: 'mf-engagement',
        exposes,
        // The name has a hyphen, so the container is a property of the global object, not a variable.
        library: { type: 'global', name: 'mf-engagement' },
      },
      { environment: 'federation' },
    ),
  ],
  ...remoteBuildOptions({
    command,
    port: 3002,
    release: process.env.REMOTE_RELEASE ?? packageJson.version,
    distDir: process.env.REMOTE_DIST_DIR,
    gatewayUrl: process.env.GATEWAY_DEV_URL,
  }),
}));
