/**
 * What the client suite shares: a data service listening on a real loopback port (GDAL, the OpenAPI linters and
 * the validators are separate programs that speak HTTP or read files, so Fastify's inject is not enough), and a
 * check that a client program is installed, failing with the Debian package to install when it is not — a
 * client check that skips itself could never fail.
 */
import { spawn, spawnSync } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildTestServer, type TestServerOptions } from '../../server/test/server';

/** Building the server seeds a database and loads the DEM: seconds on two busy cores. */
const START_TIMEOUT_MS = 90_000;

export interface LiveServer {
  app: FastifyInstance;
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  origin: string;
}

/** One listening test server for the calling file: started before its first test, closed after its last. */
export function useLiveServer(options: TestServerOptions = {}): () => LiveServer {
  let live: LiveServer | undefined;
  beforeAll(async () => {
    const app = await buildTestServer(options);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('the test server has no TCP address');
    live = { app, origin: `http://127.0.0.1:${address.port}` };
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await live?.app.close();
  });
  return () => {
    if (!live) throw new Error('The live server starts in beforeAll: use it inside a test or hook');
    return live;
  };
}

/** Throws, naming the Debian package, when `program` is not on PATH (`.ci/run` installs these). */
export function requireProgram(program: string, debianPackage: string): void {
  const found = spawnSync('sh', ['-c', `command -v ${program}`], { encoding: 'utf8' });
  if (found.status !== 0) {
    throw new Error(`${program} is not installed: install the Debian package ${debianPackage} (.ci/run does)`);
  }
}

export interface ProgramRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a client program to the end (bounded in time), with GDAL's network reads kept on loopback and uncached;
 * `env` adds the program's own settings (e.g. the switch that stops a linter phoning home).
 */
export function runProgram(program: string, args: ReadonlyArray<string>, timeoutMs = 120_000, env: Record<string, string> = {}): ProgramRun {
  const run = spawnSync(program, args, {
    encoding: 'utf8',
    timeout: timeoutMs,
    maxBuffer: 64 * 1024 * 1024,
    env: programEnvironment(env),
  });
  if (run.error) throw new Error(`${program} could not run: ${run.error.message}`);
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

function programEnvironment(env: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, GDAL_HTTP_TIMEOUT: '60', CPL_VSIL_CURL_USE_CACHE: 'NO', GDAL_DISABLE_READDIR_ON_OPEN: 'EMPTY_DIR', ...env };
}

/**
 * {@link runProgram} for a program that requests the live server (ogrinfo, gdalinfo on a URL): the server answers
 * from this same process, so a synchronous run would block it and the program would wait for itself until it
 * timed out. Killed after `timeoutMs` (status null).
 */
export function runProgramAsync(program: string, args: ReadonlyArray<string>, timeoutMs = 120_000, env: Record<string, string> = {}): Promise<ProgramRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env: programEnvironment(env), timeout: timeoutMs });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', (error) => reject(new Error(`${program} could not run: ${error.message}`)));
    child.on('close', (status) => resolve({ status, stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') }));
  });
}
