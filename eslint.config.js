import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import prettierOff from 'eslint-config-prettier/flat';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { routerExports } from '@party/shared-contracts';
import rootPackage from './package.json' with { type: 'json' };

// The shared packages, each used through its entries alone (its source in the workspace, built
// elsewhere); which files may use which of them is restrictedImports' (below).
const sharedPackageEntries = {
  'shared-contracts': ['./src/index.ts'],
  'shared-ui': ['./src/index.ts', './src/design-tokens.css', './src/page-layout.css'],
  'remote-build': ['./src/index.ts'],
  'release-tool': ['./src/index.ts'],
  'remote-test-kit': ['./src/index.tsx'],
};
// Every workspace of the repository: a remote's folder among them, whichever remotes the registry holds.
const packages = rootPackage.workspaces;
const boundaryMessage = (name) =>
  `${name} may not import another package's files; use Module Federation or a shared package's entry.`;
// The browser tests start the gateway's local chains (its price feed, WETH, donation rules), and
// every process through the one registry of the tests' processes.
const exceptionsFor = (name, other) => {
  if (other in sharedPackageEntries) return sharedPackageEntries[other];
  if (name === 'e2e' && other === 'api-gateway')
    return [
      './src/testing/local-chain.ts',
      './src/testing/solc.d.ts',
      './src/testing/authenticator-app.ts',
      './src/testing/test-processes.ts',
    ];
  return [];
};
const zonesFor = (name) =>
  packages
    .filter((other) => other !== name)
    .map((other) => ({
      target: `./${name}`,
      from: `./${other}`,
      except: exceptionsFor(name, other),
      message: boundaryMessage(name),
    }));

// Inside a browser package imports go one way, as in bulletproof-react: app and routes compose
// features; features use the shared layers (ui, api); a feature uses another only where named here.
const featureDirections = {
  shell: { layout: ['member-area'] },
  'mf-content': {},
  'mf-engagement': { 'member-area': ['sign-in-security', 'event-places'], staff: ['sign-in-security'] },
  'mf-donate': { donation: ['wallet', 'networks'], wallet: ['networks'] },
  'mf-participation': {},
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

// The gateway is five modules and the composition root that wires them (app.ts, gateway.ts, server.ts,
// the command lines, the control socket). A module is used through its index.ts only, and only by the
// modules it names here; inside one, a folder uses only the folders named for it. config.ts is the
// one root file modules read (the configuration's types), and reads, besides their index.ts, the files
// a module names as `configuration`: an index loads its whole module, and every command line reads
// the configuration. Tests and src/testing may use any file.
const gatewayModules = {
  platform: {
    uses: [],
    folders: {
      db: [],
      email: ['db'],
      metrics: [],
      middleware: ['metrics', 'rate-limit'],
      passwords: [],
      'rate-limit': [],
    },
  },
  releases: { uses: ['platform'], folders: { admin: [] } },
  delivery: { uses: ['platform', 'releases'], folders: { files: [], pages: [] } },
  donations: { uses: ['platform'], folders: {} },
  events: { uses: ['platform'], folders: {} },
  consultations: { uses: ['platform'], folders: {} },
  people: {
    uses: ['platform'],
    folders: {
      forms: ['members', 'newsletter'],
      members: ['personal-data', 'second-factors'],
      newsletter: [],
      'personal-data': [],
      retention: ['newsletter', 'personal-data'],
      'second-factors': [],
      staff: ['newsletter', 'personal-data', 'second-factors'],
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

/** The shared packages besides the contracts, each used only by the files a block names it for. */
const sharedPackages = {
  ui: '@party/shared-ui',
  testing: '@party/remote-test-kit',
  release: '@party/release-tool',
  build: '@party/remote-build',
};
/**
 * Every \`no-restricted-imports\` setting, from one shape: the contracts everywhere, the shared
 * packages \`entries\` names (\`ui\`, \`testing\`, \`release\`, \`build\`) and no other, each through its
 * entry; the apps never by import; and what else the files may not use (\`paths\`, \`patterns\`). Flat
 * config replaces a rule for the files a later block matches, so each block that narrows or widens
 * what its files may import passes everything here.
 */
const restrictedImports = ({ entries = [], paths = [], patterns = [] } = {}) => [
  'error',
  {
    ...(paths.length > 0 ? { paths } : {}),
    patterns: [
      {
        group: ['@party/*/*', '!@party/shared-ui/design-tokens.css', '!@party/shared-ui/page-layout.css'],
        message: 'Import a shared package from its entry.',
      },
      {
        group: Object.entries(sharedPackages)
          .filter(([entry]) => !entries.includes(entry))
          .flatMap(([, name]) => [name, `${name}/*`]),
        message:
          'The shared UI is for browser code, the test kit for tests, the release tool for the Node packages, the build configuration for rsbuild.config.ts (see eslint.config.js).',
      },
      {
        group: ['@party/shell', '@party/mf-*', '@party/api-gateway'],
        message: 'Packages meet through Module Federation, never by import.',
      },
      ...patterns,
    ],
  },
];
const uiEntries = ['ui'];
/** Each feature's calls to the gateway are in its `<feature>-api.ts` (or `api/`): a component or hook calls those. */
const apiCallsInOnePlace = {
  name: '@party/shared-ui',
  importNames: ['apiRequest'],
  message: 'Call the gateway from the feature’s <feature>-api.ts or api/ folder, and that from here.',
};

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
      // shared packages' entries.
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
      'no-restricted-imports': restrictedImports({ entries: uiEntries, paths: [sharedRouterOnly, apiCallsInOnePlace] }),
    },
  },
  {
    // A feature's calls to the gateway, in one file (`<feature>-api.ts`) or folder (`api/`) of its own.
    files: ['shell/src/**/*-api.ts', 'mf-*/src/**/*-api.ts', 'mf-*/src/features/*/api/*.ts'],
    rules: {
      'no-restricted-imports': restrictedImports({ entries: uiEntries, paths: [sharedRouterOnly] }),
    },
  },
  {
    // The contracts, which every package loads (the Node gateway too): no React (not even its
    // types), no DOM, no build libraries, and no other shared package.
    files: ['shared-contracts/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': restrictedImports({
        patterns: [
          {
            group: ['react', 'react/*', 'react-dom', 'react-dom/*', 'react-router', 'zustand', 'zustand/*'],
            message:
              'The contracts run in the gateway too: no React or browser libraries, not even their types (they belong in @party/shared-ui).',
          },
          { group: ['@rsbuild/*', '@module-federation/*'], message: 'Build tools belong in @party/remote-build.' },
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
          message: 'The contracts run in the gateway too: no DOM (it belongs in @party/shared-ui).',
        })),
      ],
    },
  },
  {
    files: ['shared-ui/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': restrictedImports({
        entries: uiEntries,
        paths: [sharedRouterOnly],
        patterns: [
          {
            group: ['@rsbuild/*', '@module-federation/*'],
            message: 'The shared UI is bundled into remotes: no build tools.',
          },
        ],
      }),
    },
  },
  {
    // Tests and their helpers may also use the remotes' test kit, which is one of them.
    files: ['**/*.test.{ts,tsx}', '**/src/testing/**', 'remote-test-kit/src/**'],
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
    // Each shared package declares what it uses (decision 0039).
    files: Object.keys(sharedPackageEntries).map((name) => `${name}/src/**/*.{ts,tsx}`),
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-extraneous-dependencies': ['error', { peerDependencies: true }] },
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
    // The build configuration runs in Node: the contracts, never the shared UI.
    files: ['remote-build/src/**/*.ts'],
    rules: {
      'no-restricted-imports': restrictedImports({
        patterns: [
          {
            group: ['react', 'react/*', 'react-dom'],
            message: 'The build configuration runs in Node; it uses the contracts only.',
          },
        ],
      }),
    },
  },
  {
    // The release tool runs builds, it does not import them.
    files: ['release-tool/src/**/*.ts'],
    rules: {
      'no-restricted-imports': restrictedImports({
        patterns: [
          {
            group: ['react', 'react/*', 'react-dom', '@rsbuild/*', '@module-federation/*'],
            message: 'The release tool runs builds, it does not import them; it uses the contracts only.',
          },
        ],
      }),
    },
  },
  {
    // Build configurations may also use the remotes' build configuration.
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
      'import-x/no-restricted-paths': ['error', { zones: packages.flatMap(zonesFor) }],
    },
  },
  // Layout is Prettier's (.prettierrc.json): no lint rule argues with it.
  prettierOff,
);
