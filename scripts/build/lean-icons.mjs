// Every @tabler/icons-react icon module builds its component with the package's
// `createReactComponent`; this Vite plugin resolves that one import to
// src/components/tabler-icon-factory.ts, which draws the same shapes with the paint moved to CSS
// (why: see that file). The server bundle must then include the package rather than load its
// CommonJS build from node_modules, hence `ssr.noExternal`. If an upgrade renames the module, the
// build fails here instead of shipping icons with no paint.
import { fileURLToPath } from 'node:url';

const PACKAGE_DIR = /[\\/]@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]/;
const FACTORY_IMPORT = /^\.\.?\/createReactComponent\.mjs$/;
const factory = fileURLToPath(new URL('../../src/components/tabler-icon-factory.ts', import.meta.url));

/** @returns {import('vite').Plugin} */
export function leanIcons() {
  let iconModules = 0;
  let swapped = 0;
  return {
    name: 'lean-icons',
    enforce: 'pre',
    config: () => ({ ssr: { noExternal: ['@tabler/icons-react'] } }),
    buildStart() {
      iconModules = 0;
      swapped = 0;
    },
    resolveId(source, importer) {
      if (!importer || !PACKAGE_DIR.test(importer)) return null;
      iconModules++;
      if (!FACTORY_IMPORT.test(source)) return null;
      swapped++;
      return factory;
    },
    buildEnd(error) {
      if (!error && iconModules > 0 && swapped === 0) {
        this.error(
          '@tabler/icons-react no longer imports ./createReactComponent.mjs: update scripts/build/lean-icons.mjs',
        );
      }
    },
  };
}
