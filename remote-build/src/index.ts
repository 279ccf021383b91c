// The build configuration, used at build time only (rsbuild.config.ts files): the Module Federation
// and Rsbuild options every front-end package shares, and Node modules that never reach a browser.
export { readBuildVariables, type BuildVariables } from './build-variables.js';
export { federationOptions } from './federation-options.js';
export {
  frontEndConditionNames,
  remoteBuildOptions,
  serverBuildExternals,
  type RemoteBuild,
} from './front-end-build.js';
export { pluginPageAssets } from './page-assets-plugin.js';
export { pluginPrecompress, precompressFolder } from './precompress.js';
export { remoteRsbuildConfig, type RemoteConfig } from './remote-config.js';
