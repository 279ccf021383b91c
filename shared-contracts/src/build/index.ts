// Build-time only (rsbuild.config.ts files): Node modules that never reach a browser bundle.
export { pluginPrecompress, precompressFolder } from './precompress.js';
