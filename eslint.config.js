import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import prettierOff from 'eslint-config-prettier/flat';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { remoteNames, routerExports } from '@party/shared-contracts';

const packages = ['shell', ...remoteNames, 'api-gateway', 'shared-contracts', 'e2e'];
const boundaryMessage = (name) =>
  `${name} may not import another package's files; use Module Federation or @party/shared-contracts.`;
// Every package may use shared-contracts through its entries (source or built): the contracts, the
// shared UI and its two stylesheets, the build configuration; tests also the remotes' test kit.
const sharedContractsEntries = [
  './src/index.ts',
  './src/ui/index.ts',
  './src/build/index.ts',
  './src/release/index.ts',
  './src/ui/design-tokens.css',
  './src/ui/page-layout.css',
];
// The browser tests start the gateway's local chains (its price feed, WETH, donation rules).
const exceptionsFor = (name, other, tests) => {
  if (other === 'shared-contracts') return [...sharedContractsEntries, ...(tests ? ['./src/testing/index.tsx'] : [])];
  if (name === 'e2e' && other === 'api-gateway')
    return ['./src/testing/local-chain.ts', './src/testing/solc.d.ts', './src/testing/authenticator-app.ts'];
  return [];
};
const zonesFor = (name, { tests = false } = {}) =>
  packages
    .filter((other) => other !== name)
    .map((other) => ({
      target: `./${name}`,
      from: `./${other}`,
      except: exceptionsFor(name, other, tests),
      message: boundaryMessage(name),
    }));

// Inside a browser package imports go one way, as in bulletproof-react: app and routes compose
// features; features use the shared layers (ui, api); a feature uses another only where named here.
const featureDirections = {
  shell: { layout: ['members'] },
  'mf-content': {},
  'mf-engagement': {},
  'mf-donate': { donation: ['wallet', 'networks'], wallet: ['networks'] },
};
const existing = (paths) => paths.filter((each) => fs.existsSync(each));
const featuresOf = (name) =>
  fs
    .readdirSync(`${name}/src/features`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const layerZonesFor = (name) => {
  const src = `./${name}/src`;
  const composers = existing([`${src}/app`, `${src}/routes`]);
  const sharedLayers = existing([`${src}/ui`, `${src}/api`]);
  return [
    {
      target: `${src}/features`,
      from: composers,
      message: 'A feature never imports a page or the app: they compose features.',
    },
    ...(sharedLayers.length > 0
      ? [
          {
            target: sharedLayers,
            from: [`${src}/features`, ...composers],
            message: 'Shared UI and API code never import features or pages.',
          },
        ]
      : []),
    ...featuresOf(name).map((feature) => {
      const allowed = featureDirections[name][feature] ?? [];
      return {
        target: `${src}/features/${feature}`,
        from: `${src}/features`,
        except: [feature, ...allowed].map((each) => `./${each}`),
        message: `features/${feature} may use ${allowed.length > 0 ? `only ${allowed.join(', ')} of the other features` : 'no other feature'}; compose features in a route (or name the direction in eslint.config.js).`,
      };
    }),
  ];
};

// The gateway is four modules and the composition root that wires them (app.ts, gateway.ts, server.ts,
// the command lines, the control socket). A module is used through its index.ts only, and only by the
// modules it names here; inside one, a folder uses only the folders named for it. config.ts is the
// one root file modules read (the configuration's types), and reads, besides their index.ts, the files
// a module names as `configuration`: an index loads its whole module, and every command line reads
// the configuration. Tests and src/testing may use any file.
const gatewayModules = {
  platform: {
    uses: [],
    folders: { db: [], metrics: [], middleware: ['metrics', 'rate-limit'], passwords: [], 'rate-limit': [] },
  },
  releases: { uses: ['platform'], folders: { admin: [] } },
  delivery: { uses: ['platform', 'releases'], folders: { files: [], pages: [] } },
  people: {
    uses: ['platform'],
    configuration: ['./donations/donation-rules.ts'],
    folders: {
      donations: ['email'],
      email: [],
      forms: ['email', 'members', 'newsletter'],
      members: ['email', 'personal-data', 'second-factors'],
      newsletter: ['email'],
      'personal-data': ['email'],
      retention: ['email', 'newsletter', 'personal-data'],
      'second-factors': ['email'],
      staff: ['donations', 'email', 'newsletter', 'personal-data', 'second-factors'],
    },
  },
};
const gatewaySrc = './api-gateway/src';
const gatewayRoot = fs
  .readdirSync('api-gateway/src', { withFileTypes: true })
  .filter(
    (entry) =>
      !(entry.name in gatewayModules) &&
      entry.name !== 'testing' &&
      (entry.isDirectory() || /(?<!\.test)\.ts$/.test(entry.name)),
  )
  .map((entry) => entry.name);
const subfolders = (module) =>
  fs
    .readdirSync(`api-gateway/src/${module}`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const gatewayZones = [
  ...Object.entries(gatewayModules).flatMap(([module, { uses, folders }]) => [
    // Into a module: no other module's inside, no module it does not name, no composition root.
    ...Object.keys(gatewayModules)
      .filter((other) => other !== module)
      .map((other) => ({
        target: `${gatewaySrc}/${module}`,
        from: `${gatewaySrc}/${other}`,
        except: uses.includes(other) ? ['./index.ts'] : [],
        message: `api-gateway/src/${module} may use ${uses.length > 0 ? `only ${uses.join(', ')}, through its index.ts` : 'no other module'} (see gatewayModules in eslint.config.js).`,
      })),
    {
      target: `${gatewaySrc}/${module}`,
      from: [...gatewayRoot.filter((name) => name !== 'config.ts'), 'testing'].map((name) => `${gatewaySrc}/${name}`),
      message:
        'A module never imports the composition root or the test helpers; config.ts is the one root file it may read.',
    },
    // Inside a module: each folder uses only the folders named for it.
    ...subfolders(module).flatMap((folder) => {
      const allowed = folders[folder];
      if (!allowed)
        throw new Error(
          `eslint.config.js: name the folders api-gateway/src/${module}/${folder} may import in gatewayModules.`,
        );
      const barred = subfolders(module).filter((other) => other !== folder && !allowed.includes(other));
      return barred.length === 0
        ? []
        : [
            {
              target: `${gatewaySrc}/${module}/${folder}`,
              from: barred.map((other) => `${gatewaySrc}/${module}/${other}`),
              message: `api-gateway/src/${module}/${folder} may use ${allowed.length > 0 ? `only ${allowed.join(', ')} of the other folders` : 'no other folder'} of ${module} (see gatewayModules in eslint.config.js).`,
            },
          ];
    }),
  ]),
  // The composition root uses each module through its index.ts; config.ts also what it reads of one.
  ...Object.entries(gatewayModules).flatMap(([module, { configuration = [] }]) => [
    {
      target: gatewayRoot.filter((name) => name !== 'config.ts').map((name) => `${gatewaySrc}/${name}`),
      from: `${gatewaySrc}/${module}`,
      except: ['./index.ts'],
      message: `The composition root uses api-gateway/src/${module} through its index.ts.`,
    },
    {
      target: `${gatewaySrc}/config.ts`,
      from: `${gatewaySrc}/${module}`,
      except: ['./index.ts', ...configuration],
      message: `config.ts reads api-gateway/src/${module} through its index.ts, or a file its \`configuration\` names in gatewayModules.`,
    },
  ]),
];

// The shared react-router is tree-shaken to these exports (see shared-contracts federation.ts).
const sharedRouterOnly = {
  name: 'react-router',
  allowImportNames: [...routerExports],
  message: 'This react-router export is not in the shared build; add it to routerExports first.',
};

/**
 * Every \`no-restricted-imports\` setting, from one shape: shared-contracts only through the entries
 * \`entries\` names besides its main one, packages never by import, and what else the files may not
 * use (\`paths\`, \`patterns\`). Flat config replaces a rule for the files a later block matches, so
 * each block that narrows or widens what its files may import passes everything here.
 */
const restrictedImports = ({ entries = [], paths = [], patterns = [] } = {}) => [
  'error',
  {
    ...(paths.length > 0 ? { paths } : {}),
    patterns: [
      {
        group: ['@party/shared-contracts/*', ...entries.map((entry) => `!@party/shared-contracts/${entry}`)],
        message: 'Import @party/shared-contracts from its entry points.',
      },
      {
        group: ['@party/shell', '@party/mf-*', '@party/api-gateway'],
        message: 'Packages meet through Module Federation, never by import.',
      },
      ...patterns,
    ],
  },
];
const uiEntries = ['ui', 'design-tokens.css', 'page-layout.css'];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-standalone/**',
      '**/node_modules/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '.e2e-*/**',
      '**/.data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  importX.flatConfigs.recommended,
  importX.flatConfigs.typescript,
  {
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
          conditionNames: ['@party/source', 'types', 'import', 'default'],
        }),
      ],
    },
    rules: {
      // Cycles are between our own modules; walking into node_modules only costs time.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // TypeScript already checks what these two check (typescript-eslint's performance advice).
      'import-x/namespace': 'off',
      'import-x/default': 'off',
      'import-x/no-named-as-default-member': 'off',
      // A package never reaches into another's folder: they meet through Module Federation and the
      // one entry point of shared-contracts.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...packages.flatMap(zonesFor),
            ...Object.keys(featureDirections).flatMap(layerZonesFor),
            ...gatewayZones,
          ],
        },
      ],
      'no-restricted-imports': restrictedImports({ entries: uiEntries }),
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['shell/src/**/*.{ts,tsx}', 'mf-*/src/**/*.{ts,tsx}'],
    // Tests and their helpers may use the whole router (MemoryRouter), and server builds the
    // renderer's (StaticRouter): neither reaches a browser.
    ignores: ['**/*.test.{ts,tsx}', '**/src/testing/**', '**/src/server-entry.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': restrictedImports({ entries: uiEntries, paths: [sharedRouterOnly] }),
    },
  },
  {
    // shared-contracts' contracts layer, which every package loads (the Node gateway too): no React
    // (not even its types), no DOM, no build libraries, and never the UI or build layers.
    files: ['shared-contracts/src/**/*.ts'],
    ignores: [
      'shared-contracts/src/ui/**',
      'shared-contracts/src/build/**',
      'shared-contracts/src/release/**',
      'shared-contracts/src/testing/**',
      '**/*.test.ts',
    ],
    rules: {
      'no-restricted-imports': restrictedImports({
        patterns: [
          {
            group: ['react', 'react/*', 'react-dom', 'react-dom/*', 'react-router', 'zustand', 'zustand/*'],
            message:
              'The contracts layer runs in the gateway too: no React or browser libraries, not even their types (they belong in src/ui).',
          },
          { group: ['@rsbuild/*', '@module-federation/*'], message: 'Build tools belong in src/build.' },
          {
            group: [
              './ui',
              './ui/*',
              '../ui',
              '../ui/*',
              './build',
              './build/*',
              '../build',
              '../build/*',
              './release',
              './release/*',
              '../release',
              '../release/*',
              './testing',
              '../testing',
            ],
            message: 'The contracts never use the UI, build, release or testing layers; they use the contracts.',
          },
        ],
      }),
      'no-restricted-globals': [
        'error',
        ...[
          'window',
          'document',
          'navigator',
          'location',
          'localStorage',
          'sessionStorage',
          'CustomEvent',
          'HTMLElement',
        ].map((name) => ({
          name,
          message: 'The contracts layer runs in the gateway too: no DOM (it belongs in src/ui).',
        })),
      ],
    },
  },
  {
    files: ['shared-contracts/src/ui/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': restrictedImports({
        paths: [sharedRouterOnly],
        patterns: [
          {
            group: ['../build', '../build/*', '../testing', '@rsbuild/*', '@module-federation/*'],
            message: 'The shared UI is bundled into remotes: no build tools, no test kit.',
          },
        ],
      }),
    },
  },
  {
    // Tests and their helpers may also use the remotes' test kit.
    files: ['**/*.test.{ts,tsx}', '**/src/testing/**'],
    rules: {
      'no-restricted-imports': restrictedImports({ entries: ['ui', 'testing'] }),
    },
  },
  {
    // The Node packages may also use the release tool.
    files: ['api-gateway/src/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      'no-restricted-imports': restrictedImports({ entries: ['release'] }),
    },
  },
  {
    // A function the next change can be read in at once: a longer one becomes plain functions beside it.
    files: ['api-gateway/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // The page renderer loads the server builds, whose shape the shared UI defines.
    files: ['api-gateway/src/delivery/pages/renderer-process.ts'],
    rules: {
      'no-restricted-imports': restrictedImports({ entries: ['ui'] }),
    },
  },
  {
    // The release tool runs in Node, for teams and the gateway: the contracts, never the other layers.
    files: ['shared-contracts/src/release/**/*.ts'],
    rules: {
      'no-restricted-imports': restrictedImports({
        patterns: [
          {
            group: [
              'react',
              'react/*',
              'react-dom',
              '../ui',
              '../ui/*',
              '../build',
              '../build/*',
              '../testing',
              '@rsbuild/*',
              '@module-federation/*',
            ],
            message: 'The release tool runs builds, it does not import them; it uses the contracts only.',
          },
        ],
      }),
    },
  },
  {
    // Build configurations may also use the build-time entry of shared-contracts.
    files: ['*/rsbuild.config.ts'],
    rules: {
      'no-restricted-imports': restrictedImports({ entries: ['build'] }),
    },
  },
  {
    files: ['**/*.{js,cjs,mjs}', '*/rsbuild.config.ts', 'e2e/**/*.ts', 'api-gateway/src/**/*.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/src/testing/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // A test may wire a feature to the app as the app itself does; packages stay apart.
      'import-x/no-restricted-paths': ['error', { zones: packages.flatMap((name) => zonesFor(name, { tests: true })) }],
    },
  },
  // Layout is Prettier's (.prettierrc.json): no lint rule argues with it.
  prettierOff,
);
