/**
 * Orthophoto tiles as local files (SPEC §7 "Local tile overlays: orthophoto ... max level 17").
 *
 * No open orthophoto of Hong Kong ships with the portal, so nothing is served until an operator drops tiles into
 * the orthophoto folder (default var/ortho, environment ORTHO_DIR), laid out as Web Mercator XYZ files:
 *
 *   <orthoDir>/<z>/<x>/<y>.jpg   (or .png)
 *
 *   GET /mapviewer/tiles/ortho/:z/:x/:y.jpg|png   the file, or 404 when it is not there
 *   GET /mapviewer/api/tiles/ortho.json            { available, tiles, minzoom, maxzoom } (contract in core)
 *
 * The tiles are static files, not data-service calls, so they sit outside /mapviewer/api (like the app's own
 * files) and answer 404 in the standard error shape; the availability document is a contract like every call.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { orthoTileSetEndpoint, type OrthoTileSet } from '../../core/contracts';
import { registerEndpoint } from '../http/endpoint';
import { HttpError } from '../http/errors';

/** Where the map asks for orthophoto tiles (manifests/basemaps/ortho.json uses the .jpg form). */
export const ORTHO_TILE_TEMPLATE = '/mapviewer/tiles/ortho/{z}/{x}/{y}.jpg';
/** SPEC §7: orthophoto tiles go to level 17 at most. */
export const ORTHO_MAX_LEVEL = 17;

const wholeNumber = /^\d{1,9}$/;
const orthoTileParamsSchema = z
  .strictObject({ z: z.string(), x: z.string(), y: z.string() })
  .transform((tile, context) => {
    const level = wholeNumber.test(tile.z) ? Number(tile.z) : Number.NaN;
    if (!(level <= ORTHO_MAX_LEVEL)) {
      context.addIssue({ code: 'custom', path: ['z'], input: tile.z, message: `z must be an integer 0..${ORTHO_MAX_LEVEL}` });
      return z.NEVER;
    }
    const size = 2 ** level;
    const column = wholeNumber.test(tile.x) ? Number(tile.x) : Number.NaN;
    if (!(column < size)) {
      context.addIssue({ code: 'custom', path: ['x'], input: tile.x, message: `x must be an integer 0..${size - 1}` });
      return z.NEVER;
    }
    const match = /^(\d{1,9})\.(jpg|png)$/.exec(tile.y);
    const row = match ? Number(match[1]) : Number.NaN;
    if (!match || !(row < size)) {
      context.addIssue({ code: 'custom', path: ['y'], input: tile.y, message: `y must be an integer 0..${size - 1} followed by .jpg or .png` });
      return z.NEVER;
    }
    return { z: level, x: column, y: row, extension: match[2] as 'jpg' | 'png' };
  });

/** The level folders present under `orthoDir` (none when the folder is missing). */
export async function orthoTileSet(orthoDir: string): Promise<OrthoTileSet> {
  const levels = await readdir(orthoDir, { withFileTypes: true })
    .then((entries) => entries.filter((entry) => entry.isDirectory() && wholeNumber.test(entry.name)).map((entry) => Number(entry.name)))
    .catch(() => [] as number[]);
  const inRange = levels.filter((level) => level <= ORTHO_MAX_LEVEL).sort((a, b) => a - b);
  return {
    available: inRange.length > 0,
    tiles: [ORTHO_TILE_TEMPLATE],
    minzoom: inRange[0] ?? null,
    maxzoom: inRange.at(-1) ?? null,
  };
}

const CONTENT_TYPES = { jpg: 'image/jpeg', png: 'image/png' } as const;

export async function orthoRoutes(app: FastifyInstance, options: { orthoDir: string }): Promise<void> {
  registerEndpoint(app, orthoTileSetEndpoint, async (_input, _request, reply) =>
    reply.header('cache-control', 'no-cache').send(await orthoTileSet(options.orthoDir)),
  );

  app.get('/mapviewer/tiles/ortho/:z/:x/:y', async (request, reply) => {
    const parsed = orthoTileParamsSchema.safeParse(request.params);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new HttpError(400, issue.message, String(issue.path[0]));
    }
    const tile = parsed.data;
    const file = join(options.orthoDir, `${tile.z}`, `${tile.x}`, `${tile.y}.${tile.extension}`);
    const bytes = await readFile(file).catch(() => null);
    if (!bytes) throw new HttpError(404, 'No orthophoto tile here: orthophoto tiles are not installed on this server for this place');
    return reply.header('content-type', CONTENT_TYPES[tile.extension]).header('cache-control', 'public, max-age=86400').send(bytes);
  });
}
