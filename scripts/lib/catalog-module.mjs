// @ts-check
/**
 * `virtual:catalog`: the build-time catalog (src/generated/catalog.json, written by `npm run
 * content`) as a function that reads it. The server build ships the file beside its chunks and
 * reads it once at start, so the process holds only the parsed catalog, not a copy of its JSON
 * inlined as a string in the bundle's source (two copies of 12 MB at 10,000 videos).
 * Dev and Vitest read src/generated/catalog.json itself.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ID = 'virtual:catalog';
const RESOLVED = `\0${ID}`;
const FILE = fileURLToPath(new URL('../../src/generated/catalog.json', import.meta.url));

/** @returns {import('vite').Plugin} */
export function catalogModule() {
  let building = false;
  return {
    name: 'canopy-cove-catalog',
    configResolved(config) {
      building = config.command === 'build';
    },
    resolveId(id) {
      return id === ID ? RESOLVED : undefined;
    },
    load(id) {
      if (id !== RESOLVED) return undefined;
      this.addWatchFile(FILE);
      /** @param {string} where */
      const read = (where) => `import { readFileSync } from 'node:fs';\nexport function readCatalogText() {\n  return readFileSync(${where}, 'utf8');\n}\n`;
      if (!building) return read(JSON.stringify(FILE));
      const ref = this.emitFile({ type: 'asset', fileName: 'catalog.json', source: readFileSync(FILE) });
      return read(`new URL(import.meta.ROLLUP_FILE_URL_${ref})`);
    },
  };
}
