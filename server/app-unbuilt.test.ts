import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestServer } from './test/server';

let app: FastifyInstance;
let empty: string;
beforeAll(async () => {
  empty = mkdtempSync(join(tmpdir(), 'hk3d-nodist-'));
  app = await buildTestServer({ distDir: empty });
});
afterAll(async () => {
  await app?.close();
  rmSync(empty, { recursive: true, force: true });
});

it('says to run npm run build when dist/ is missing', async () => {
  for (const url of ['/mapviewer/app/', '/mapviewer/app/catalogue']) {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm run build');
  }
});
