/**
 * Builds the one JSON Schema editors use for every manifest kind, from the zod schemas (never by hand).
 *
 * Layout: `definitions.<kind>` per manifest kind (`overlay`, `basemap`, `terrain`, `tileset`, `layer-tree`,
 * `tour`, `variant`), shared sub-schemas hoisted beside them, and a root `anyOf` so a bare
 * `"$schema": ".../manifest.schema.json"` still validates. Files point at their kind:
 * `"$schema": "../manifest.schema.json#/definitions/overlay"`.
 */
import { z } from 'zod';
import { MANIFEST_KINDS, manifestSchemas } from './schemas';

type JsonObject = Record<string, unknown>;

/** Draft-07 keeps tuple types usable by json-schema-to-typescript (STYLE.md). */
export function buildManifestJsonSchema(): JsonObject {
  const definitions: JsonObject = {};
  for (const kind of MANIFEST_KINDS) {
    const generated = z.toJSONSchema(manifestSchemas[kind], { target: 'draft-07', io: 'input' }) as JsonObject;
    const { $schema: _ignored, definitions: nested, ...rest } = generated as JsonObject & { definitions?: JsonObject };
    void _ignored;
    for (const [name, definition] of Object.entries(nested ?? {})) {
      const existing = definitions[name];
      if (existing !== undefined && JSON.stringify(existing) !== JSON.stringify(definition)) {
        throw new Error(`manifest JSON Schema: two different definitions named "${name}"`);
      }
      definitions[name] = definition;
    }
    if (definitions[kind] !== undefined) throw new Error(`manifest JSON Schema: definition "${kind}" is taken`);
    definitions[kind] = rest;
  }
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'manifest.schema.json',
    title: 'HK 3D map manifests',
    description:
      'Generated from core/manifests/schemas.ts by scripts/generate-manifest-schema.ts; do not edit. ' +
      'Point a manifest at its kind: "$schema": "<relative path>/manifest.schema.json#/definitions/<kind>".',
    definitions,
    anyOf: MANIFEST_KINDS.map((kind) => ({ $ref: `#/definitions/${kind}` })),
  };
}

/** The exact text written to manifests/manifest.schema.json (stable, 2-space, trailing newline). */
export function renderManifestJsonSchema(): string {
  return `${JSON.stringify(buildManifestJsonSchema(), null, 2)}\n`;
}
