/**
 * Writes manifests/manifest.schema.json from the zod schemas (core/manifests/schemas.ts).
 * `--check`: writes nothing, exits 1 naming the file when the committed copy is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { renderManifestJsonSchema } from '../core/manifests/jsonSchema';

const root = resolve(import.meta.dirname, '..');
const target = resolve(root, 'manifests/manifest.schema.json');
const display = relative(process.cwd(), target) || target;
const expected = renderManifestJsonSchema();

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    current = '';
  }
  if (current !== expected) {
    console.error(`${display}: stale or missing; run \`npm run manifests:schema\` and commit it`);
    process.exit(1);
  }
  console.log(`${display}: up to date`);
} else {
  writeFileSync(target, expected);
  console.log(`${display}: written`);
}
