import { routerExports } from '@party/shared-contracts';

/**
 * Module Federation settings the shell and every remote must agree on. Singletons mean exactly one
 * React, router and store library run in the page: whichever container loads first provides them.
 */
const singleton = (requiredVersion: string) => ({ singleton: true, requiredVersion }) as const;

const federationShared = {
  react: singleton('^19.3.0'),
  'react/jsx-runtime': singleton('^19.3.0'),
  'react/jsx-dev-runtime': singleton('^19.3.0'),
  'react-dom': singleton('^19.3.0'),
  'react-router': singleton('^7.18.0'),
  zustand: singleton('^5.1.0'),
  'zustand/vanilla': singleton('^5.1.0'),
};

/** The singletons a package shares: those of its dependencies, so nobody provides a library it never uses. */
function sharedFor(dependencies: Readonly<Record<string, string>>) {
  return Object.fromEntries(
    Object.entries(federationShared).filter(([request]) => request.split('/')[0]! in dependencies),
  ) as Partial<typeof federationShared>;
}

/**
 * Module Federation options the shell and every remote share; each adds its name and exposes.
 * `command` is Rsbuild's: the size options (tree-shaken shared router, one external federation
 * runtime) apply to `build` only, because the dev server's bundles break with them.
 * `provide` is the shell's side (it ships the one federation runtime), `consume` the remotes'.
 */
export function federationOptions(
  command: string,
  side: 'provide' | 'consume',
  dependencies: Readonly<Record<string, string>>,
) {
  const shared = sharedFor(dependencies);
  const common = {
    // One dead remote must not block start-up: do not fetch every remote entry at init.
    shareStrategy: 'loaded-first',
    // Types of exposed modules travel through shared-contracts, not through MF's type archives.
    dts: false,
  } as const;
  // The shell's entry waits for the shared singletons itself (no import('./bootstrap')), so that its
  // code and stylesheet are in the HTML rather than discovered later.
  const startup = side === 'provide' ? { asyncStartup: true } : {};
  if (command !== 'build') return { ...common, shared, experiments: startup };
  return {
    ...common,
    shared: {
      ...shared,
      'react-router': {
        ...federationShared['react-router'],
        treeShaking: { mode: 'runtime-infer' as const, usedExports: [...routerExports] as string[] },
      },
    },
    experiments: {
      ...(side === 'provide' ? { provideExternalRuntime: true } : { externalRuntime: true }),
      ...startup,
      optimization: { target: 'web' as const },
    },
  };
}
