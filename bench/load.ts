/**
 * Server load benchmark (DESIGN "Performance principles"; SPEC: the map API serves 100 concurrent users, the
 * download API 1,000): autocannon against the portal at 100 and 1,000 connections, {@link RUN_SECONDS} s each,
 * on two calls:
 *
 *   GET  /mapviewer/api/realtime/temperature   a feed answered from data read at start-up
 *   POST /mapviewer/api/getZ/dtm               100 points, bilinear heights from the DEM per request
 *
 * Baseline, in the same run and the same way: a bare node:http server (bench/plain-server.ts) answering the same
 * bytes the portal gave for that call before the run. Prints req/s, p99 latency and the ratio of req/s
 * (ours / plain; 1.00 would mean the portal costs nothing beyond writing its answer). Both servers are separate
 * processes on 127.0.0.1 listening with backlog 4096; autocannon runs in this process, so at 1,000 connections
 * the load generator may be what limits both.
 */
import autocannon, { type AutocannonResult } from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './build';
import { onCleanup, onExit } from './cleanup';
import { heading, line, ratio } from './format';
import type { PlainAnswer } from './plain-server';
import { startServer } from './server';

export const CONNECTION_COUNTS = [100, 1_000] as const;
/** Length of each measured run, s. */
export const RUN_SECONDS = 5;
/** Each server answers the call for this long before its runs, so both are measured warm (JIT, caches), s. */
const WARM_UP_SECONDS = 1;
/** Requests taking longer count as timed out, s (autocannon's default). */
const REQUEST_TIMEOUT_SECONDS = 10;

interface LoadTarget {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

/** 100 points on a 10 x 10 grid over Hong Kong (113.90–114.35°E, 22.20–22.47°N), land and sea. */
function hundredPoints(): Array<[number, number]> {
  const points: Array<[number, number]> = [];
  for (let row = 0; row < 10; row += 1) {
    for (let column = 0; column < 10; column += 1) points.push([113.9 + column * 0.05, 22.2 + row * 0.03]);
  }
  return points;
}

const TARGETS: LoadTarget[] = [
  { method: 'GET', path: '/mapviewer/api/realtime/temperature' },
  { method: 'POST', path: '/mapviewer/api/getZ/dtm', body: JSON.stringify(hundredPoints()) },
];

const label = (target: LoadTarget) => `${target.method} ${target.path}${target.body ? ' (100 points)' : ''}`;
const requestHeaders = (target: LoadTarget) => (target.body ? { 'content-type': 'application/json' } : undefined);

interface PlainServer {
  origin: string;
  stop(): Promise<void>;
}

/** Starts bench/plain-server.ts answering `answers`, and registers its stop (SIGTERM, then SIGKILL, by PID). */
async function startPlainServer(answers: Record<string, PlainAnswer>, timeoutMs: number): Promise<PlainServer> {
  const dir = mkdtempSync(join(tmpdir(), 'hkmap-bench-plain-'));
  const answersFile = join(dir, 'answers.json');
  writeFileSync(answersFile, JSON.stringify(answers));
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/plain-server.ts', answersFile], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('the plain node:http server did not start');
  const kill = (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(pid, signal);
    } catch {
      /* already gone */
    }
  };
  const removeExit = onExit(() => {
    kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });
  let stopped: Promise<void> | null = null;
  const stop = (): Promise<void> => {
    stopped ??= (async () => {
      const exited = new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));
      kill('SIGTERM');
      const timer = setTimeout(() => kill('SIGKILL'), 4_000);
      await exited;
      clearTimeout(timer);
      rmSync(dir, { recursive: true, force: true });
      removeExit();
    })();
    return stopped;
  };
  onCleanup(stop);

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the plain node:http server did not listen within ${timeoutMs} ms`)), timeoutMs);
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`the plain node:http server exited with ${code}`)));
  });
  return { origin: `http://127.0.0.1:${port}`, stop };
}

function load(origin: string, target: LoadTarget, connections: number, seconds: number): Promise<AutocannonResult> {
  return autocannon({
    url: `${origin}${target.path}`,
    method: target.method,
    headers: requestHeaders(target),
    body: target.body,
    connections,
    duration: seconds,
    timeout: REQUEST_TIMEOUT_SECONDS,
  });
}

/** `12,345 req/s, p99 12 ms`, plus whatever went wrong. */
function describe(result: AutocannonResult): string {
  const problems = [
    result.non2xx > 0 ? `${result.non2xx.toLocaleString('en-US')} non-2xx` : '',
    result.errors > 0 ? `${result.errors.toLocaleString('en-US')} errors` : '',
    result.timeouts > 0 ? `${result.timeouts.toLocaleString('en-US')} timeouts` : '',
  ].filter(Boolean);
  const figures = `${Math.round(result.requests.average).toLocaleString('en-US')} req/s, p99 ${result.latency.p99} ms`;
  return problems.length > 0 ? `${figures} (${problems.join(', ')})` : figures;
}

/**
 * Runs the load benchmark: starts the portal (throwaway database) and the plain server, asks the portal each
 * call once for the baseline's bytes, then measures each call at each connection count, plain first.
 */
export async function benchLoad(): Promise<void> {
  heading(`Server load: autocannon, ${RUN_SECONDS} s per run, ours vs a plain node:http server with the same bytes`);
  const portal = await startServer(60_000);
  const answers: Record<string, PlainAnswer> = {};
  const ready: LoadTarget[] = [];
  for (const target of TARGETS) {
    const response = await fetch(`${portal.origin}${target.path}`, { method: target.method, headers: requestHeaders(target), body: target.body });
    const body = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200) {
      const why = response.status === 404 ? 'the endpoint is not on this server yet' : body.toString('utf8').slice(0, 200);
      line(label(target), `not measured: the portal answers ${response.status} (${why})`);
      continue;
    }
    answers[`${target.method} ${target.path}`] = {
      contentType: response.headers.get('content-type') ?? 'application/octet-stream',
      bodyBase64: body.toString('base64'),
    };
    ready.push(target);
  }
  if (ready.length === 0) throw new Error('the portal answered none of the benchmarked calls');

  const plain = await startPlainServer(answers, 20_000);
  for (const target of ready) {
    const bytes = Buffer.from(answers[`${target.method} ${target.path}`].bodyBase64, 'base64').length;
    console.log(`\n  ${label(target)}: ${bytes.toLocaleString('en-US')}-byte answer`);
    await load(plain.origin, target, CONNECTION_COUNTS[0], WARM_UP_SECONDS);
    await load(portal.origin, target, CONNECTION_COUNTS[0], WARM_UP_SECONDS);
    for (const connections of CONNECTION_COUNTS) {
      const baseline = await load(plain.origin, target, connections, RUN_SECONDS);
      const ours = await load(portal.origin, target, connections, RUN_SECONDS);
      line(`${connections.toLocaleString('en-US')} connections, ours`, describe(ours));
      line(`${connections.toLocaleString('en-US')} connections, plain node:http`, describe(baseline));
      line(`${connections.toLocaleString('en-US')} connections, ratio (req/s)`, ratio(ours.requests.average, baseline.requests.average));
    }
  }
  await plain.stop();
  await portal.stop();
}
