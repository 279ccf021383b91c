// `npm run build`'s last step: the page renderer as one file, dist/page-renderer.mjs, which is all
// of the gateway's code its sandbox holds (renderer-sandbox.ts).
import { fileURLToPath } from 'node:url';
import { bundleRenderer } from '../dist/delivery/pages/renderer-sandbox.js';

await bundleRenderer(fileURLToPath(new URL('../dist/page-renderer.mjs', import.meta.url)));
