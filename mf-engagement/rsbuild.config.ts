import { defineConfig } from '@rsbuild/core';
import type { ExposedWidgetKey } from '@party/shared-contracts';
import { remoteRsbuildConfig } from '@party/remote-build';
import packageJson from './package.json' with { type: 'json' };
import { engagementRoutes } from './src/routes/route-table';

const widgets = {
  './NewsletterSignup': './src/features/newsletter/NewsletterSignup.tsx',
  './EventRegistration': './src/features/events/EventRegistrationForm.tsx',
} satisfies Record<ExposedWidgetKey<'mf-engagement'>, string>;

export default defineConfig(
  remoteRsbuildConfig({ name: 'mf-engagement', routes: engagementRoutes, widgets, port: 3002, packageJson }),
);
