/**
 * `npm run bench:download`: the download API against nginx sendfile on this machine, in one run. Prints, never
 * asserts; installs nothing (needs Debian's /usr/sbin/nginx: `apt-get install -y nginx`).
 *
 * Files: a 10 MiB and a 1 GiB seeded file, placed in a temporary storage folder as sheet files (formats this
 * server never generates, so only the storage folder answers). Three modes, each with 1,000 concurrent downloads
 * of the 10 MiB file and 100 of the 1 GiB file, every body hashed (SHA-256) and compared:
 *  - nginx: nginx serving the storage folder itself (sendfile), the baseline;
 *  - node: our server streaming the file (server/download/stream.ts, 1 MiB reads);
 *  - x-accel: nginx in front of a second server started in X-Accel mode: the server checks the key and answers
 *    X-Accel-Redirect, nginx sends the bytes from an internal location aliasing the storage folder.
 * Each step has a time cap: a step that reaches it is stopped and its figures are what had arrived by then.
 * Memory: the server processes' RSS (and nginx's workers') sampled every 200 ms: start, peak, end.
 * Everything listens on 127.0.0.1; every process started is stopped by PID (also on Ctrl-C and the watchdog).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, get as httpGet, type ClientRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEVELOPMENT_EXAMPLE_KEY } from '../server/keys/apiKeys';
import { writeSeededFile } from '../server/download/seededFile';
import { onCleanup, onExit } from './cleanup';
import { heading, line } from './format';
import { runBench, type BenchRun } from './runner';

const ROOT = resolve(import.meta.dirname, '..');
const NGINX = '/usr/sbin/nginx';
const MiB = 1024 * 1024;
const SHEET = '11-SW-4D';
/** `npm run bench:download -- --quick`: small files and few downloads, to check the set-up in seconds. */
const QUICK = process.argv.includes('--quick');
const STEPS = QUICK
  ? [
      { label: '1 MiB x 50', format: 'OSGB', bytes: MiB, downloads: 50, capMs: 20_000 },
      { label: '32 MiB x 4', format: 'FBX', bytes: 32 * MiB, downloads: 4, capMs: 20_000 },
    ]
  : [
      { label: '10 MiB x 1,000', format: 'OSGB', bytes: 10 * MiB, downloads: 1000, capMs: 120_000 },
      { label: '1 GiB x 100', format: 'FBX', bytes: 1024 * MiB, downloads: 100, capMs: 240_000 },
    ];
const BUDGET_MS = 20 * 60_000;
const SAMPLE_MS = 200;

type Step = { label: string; format: string; bytes: number; downloads: number; capMs: number };
type Mode = 'nginx' | 'node' | 'x-accel';

interface StepResult {
  completed: number;
  verified: number;
  failed: number;
  bytes: number;
  ms: number;
  cappedAt?: number;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts a child and stops it by PID: SIGTERM, then SIGKILL after 4 s (and SIGKILL on exit). */
function startProcess(command: string, args: string[], env: NodeJS.ProcessEnv): { child: ChildProcess; stderr: () => string; stop: () => Promise<void> } {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  const kill = (signal: NodeJS.Signals) => {
    if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(child.pid, signal);
    } catch {
      /* already gone */
    }
  };
  const removeExit = onExit(() => kill('SIGKILL'));
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        kill('SIGTERM');
        const timer = setTimeout(() => kill('SIGKILL'), 4_000);
        await exited;
        clearTimeout(timer);
      }
      removeExit();
    })());
  onCleanup(stop);
  return { child, stderr: () => stderr, stop };
}

async function waitFor(url: string, child: ChildProcess, stderr: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}: ${stderr()}`);
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms: ${stderr()}`);
}

/** Our server (server/main.ts: buildServer) in a child process on a throwaway database. */
async function startPortal(storageDir: string, work: string, name: string, accel: boolean): Promise<{ port: number; pid: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_PATH: join(work, `db-${name}`),
    DATABASE_URL: '',
    DOWNLOAD_STORAGE_DIR: storageDir,
    API_KEY_ENVIRONMENT: 'development',
    DOWNLOAD_ACCEL_STORAGE_PREFIX: accel ? '/_protected/storage/' : '',
    DOWNLOAD_ACCEL_CACHE_PREFIX: accel ? '/_protected/cache/' : '',
    LOG: '',
  };
  const server = startProcess(process.execPath, ['--import', 'tsx', 'server/main.ts'], env);
  await waitFor(`http://127.0.0.1:${port}/mapviewer/api/health`, server.child, server.stderr, 120_000);
  return { port, pid: server.child.pid!, stop: server.stop };
}

function nginxConfig(work: string, port: number, storageDir: string, cacheDir: string, accelPort: number): string {
  const temp = (name: string) => `${name}_temp_path ${join(work, 'nginx', name)};`;
  return `
${process.getuid?.() === 0 ? 'user root root;' : ''}
worker_processes auto;
worker_rlimit_nofile 16384;
daemon off;
pid ${join(work, 'nginx', 'nginx.pid')};
error_log ${join(work, 'nginx', 'error.log')} warn;
events { worker_connections 8192; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  default_type application/octet-stream;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  upstream portal { server 127.0.0.1:${accelPort}; keepalive 256; }
  server {
    listen 127.0.0.1:${port} backlog=4096;
    # The baseline: nginx alone.
    location /files/ { alias ${storageDir}/; }
    # X-Accel mode: the portal checks the key and names the file; nginx sends it from these internal locations.
    location /mapviewer/ {
      proxy_pass http://portal;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
    }
    location /_protected/storage/ { internal; alias ${storageDir}/; }
    location /_protected/cache/ { internal; alias ${cacheDir}/; }
  }
}
`;
}

function rssBytes(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** The PIDs whose parent is `parent` (nginx's workers). */
function childrenOf(parent: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === parent) children.push(Number(entry));
    } catch {
      /* gone meanwhile */
    }
  }
  return children;
}

/** Samples the summed RSS of some processes while a step runs. */
function sampleMemory(pids: () => number[]) {
  const total = () => pids().reduce((sum, pid) => sum + rssBytes(pid), 0);
  const start = total();
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, total());
  }, SAMPLE_MS);
  return {
    stop: () => {
      clearInterval(timer);
      const end = total();
      return { start, peak: Math.max(peak, end), end };
    },
  };
}

/** `downloads` concurrent GETs of `url`, each body hashed and compared with `sha256`; stopped at `capMs`. */
function downloadMany(url: string, downloads: number, sha256: string, expectedBytes: number, capMs: number): Promise<StepResult> {
  const agent = new Agent({ keepAlive: false, maxSockets: downloads });
  const requests = new Set<ClientRequest>();
  const result: StepResult = { completed: 0, verified: 0, failed: 0, bytes: 0, ms: 0 };
  const started = performance.now();
  return new Promise((done) => {
    let pending = downloads;
    const finish = () => {
      result.ms = performance.now() - started;
      clearTimeout(cap);
      agent.destroy();
      done(result);
    };
    const cap = setTimeout(() => {
      result.cappedAt = capMs;
      for (const request of requests) request.destroy();
      finish();
    }, capMs);
    for (let index = 0; index < downloads; index++) {
      const request = httpGet(url, { agent }, (response) => {
        const hash = createHash('sha256');
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          hash.update(chunk);
          received += chunk.length;
          result.bytes += chunk.length;
        });
        response.on('end', () => {
          requests.delete(request);
          result.completed += 1;
          if (response.statusCode === 200 && received === expectedBytes && hash.digest('hex') === sha256) result.verified += 1;
          else result.failed += 1;
          if (--pending === 0) finish();
        });
      });
      requests.add(request);
      request.on('error', () => {
        requests.delete(request);
        if (result.cappedAt !== undefined) return;
        result.failed += 1;
        if (--pending === 0) finish();
      });
    }
  });
}

const mib = (bytes: number) => `${(bytes / MiB).toFixed(0)} MiB`;
const throughput = (result: StepResult) => (result.bytes / MiB) / (result.ms / 1000);

async function benchDownload(run: BenchRun): Promise<number> {
  if (!existsSync(NGINX)) {
    console.log(`bench:download needs nginx at ${NGINX} as the baseline and for X-Accel mode; it installs nothing itself.`);
    console.log('Install it with: apt-get install -y nginx   (then run npm run bench:download again)');
    return 0;
  }
  const work = mkdtempSync(join(tmpdir(), 'hkmap-bench-download-'));
  onCleanup(() => rmSync(work, { recursive: true, force: true, maxRetries: 3 }));
  // nginx's workers (user root or nobody) read the files: the folders must be traversable.
  chmodSync(work, 0o755);
  const storageDir = join(work, 'storage');
  const cacheDir = join(work, 'cache');
  mkdirSync(join(work, 'nginx'), { recursive: true });
  mkdirSync(cacheDir, { recursive: true });

  heading('Files');
  const sums = new Map<Step, string>();
  for (const step of STEPS) {
    const folder = join(storageDir, 'non-textured', step.format);
    mkdirSync(folder, { recursive: true });
    const started = performance.now();
    sums.set(step, await writeSeededFile(join(folder, `${SHEET}.zip`), step.bytes, `bench-download-${step.bytes}`));
    line(`non-textured/${step.format}/${SHEET}.zip`, `${mib(step.bytes)}, written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  for (const path of [storageDir, join(storageDir, 'non-textured'), ...STEPS.map((step) => join(storageDir, 'non-textured', step.format))]) chmodSync(path, 0o755);

  heading('Servers');
  const node = await startPortal(storageDir, work, 'node', false);
  line('portal, Node streaming', `127.0.0.1:${node.port} (pid ${node.pid})`);
  const accel = await startPortal(storageDir, work, 'accel', true);
  line('portal, X-Accel mode', `127.0.0.1:${accel.port} (pid ${accel.pid})`);
  const nginxPort = await freePort();
  const configPath = join(work, 'nginx', 'nginx.conf');
  writeFileSync(configPath, nginxConfig(work, nginxPort, storageDir, cacheDir, accel.port));
  const nginx = startProcess(NGINX, ['-p', join(work, 'nginx'), '-c', configPath, '-e', join(work, 'nginx', 'error.log')], process.env);
  await waitFor(`http://127.0.0.1:${nginxPort}/files/`, nginx.child, nginx.stderr, 20_000);
  const nginxWorkers = () => childrenOf(nginx.child.pid!);
  line('nginx (sendfile)', `127.0.0.1:${nginxPort} (pid ${nginx.child.pid}, ${nginxWorkers().length} workers)`);

  const key = encodeURIComponent(DEVELOPMENT_EXAMPLE_KEY);
  const modes: Array<{ mode: Mode; url: (step: Step) => string; memory: () => number[]; memoryLabel: string }> = [
    { mode: 'nginx', url: (step) => `http://127.0.0.1:${nginxPort}/files/non-textured/${step.format}/${SHEET}.zip`, memory: nginxWorkers, memoryLabel: 'nginx workers' },
    { mode: 'node', url: (step) => `http://127.0.0.1:${node.port}/mapviewer/api/3d-zip/${step.format}/${SHEET}.zip?key=${key}`, memory: () => [node.pid], memoryLabel: 'portal' },
    {
      mode: 'x-accel',
      url: (step) => `http://127.0.0.1:${nginxPort}/mapviewer/api/3d-zip/${step.format}/${SHEET}.zip?key=${key}`,
      memory: () => [accel.pid],
      memoryLabel: 'portal (not nginx)',
    },
  ];

  // What a client of X-Accel mode sees: nginx applies the Range and keeps the portal's attachment headers.
  const probe = await fetch(modes[2].url(STEPS[0]), { headers: { range: 'bytes=0-99' } });
  await probe.arrayBuffer();
  line('x-accel, Range bytes=0-99', `${probe.status} ${probe.headers.get('content-range')}, ${probe.headers.get('content-length')} bytes`);
  line('x-accel, headers', `${probe.headers.get('content-type')}; ${probe.headers.get('content-disposition')}; ETag ${probe.headers.get('etag')}`);
  const refused = await fetch(modes[2].url(STEPS[0]).replace(key, 'hk3d_' + 'A'.repeat(43)));
  line('x-accel, unknown key', `${refused.status} ${await refused.text()}`);

  const results = new Map<string, StepResult>();
  for (const step of STEPS) {
    heading(`${step.label} concurrent downloads (cap ${step.capMs / 1000} s per mode)`);
    for (const { mode, url, memory, memoryLabel } of modes) {
      if (run.stopping()) return 2;
      const sampler = sampleMemory(memory);
      const result = await downloadMany(url(step), step.downloads, sums.get(step)!, step.bytes, step.capMs);
      const rss = sampler.stop();
      results.set(`${mode} ${step.label}`, result);
      const nginxResult = results.get(`nginx ${step.label}`);
      const share = mode !== 'nginx' && nginxResult ? ` = ${((throughput(result) / throughput(nginxResult)) * 100).toFixed(0)}% of nginx` : '';
      line(
        mode,
        `${throughput(result).toFixed(0)} MiB/s${share}; ${result.verified}/${step.downloads} verified, ${result.failed} failed, ${(result.ms / 1000).toFixed(1)} s` +
          (result.cappedAt ? ` (stopped at the ${result.cappedAt / 1000} s cap: ${mib(result.bytes)} arrived)` : ''),
      );
      line(`  RSS, ${memoryLabel}`, `start ${mib(rss.start)}, peak ${mib(rss.peak)}, end ${mib(rss.end)}`);
    }
  }

  heading('Goal (issue 5): X-Accel >= 80% of nginx, Node streaming >= 40%, memory flat');
  for (const step of STEPS) {
    const baseline = results.get(`nginx ${step.label}`);
    if (!baseline) continue;
    for (const mode of ['node', 'x-accel'] as const) {
      const result = results.get(`${mode} ${step.label}`);
      if (result) line(`${step.label}, ${mode}`, `${((throughput(result) / throughput(baseline)) * 100).toFixed(0)}% of nginx`);
    }
  }
  await nginx.stop();
  await accel.stop();
  await node.stop();
  return 0;
}

runBench('bench:download', BUDGET_MS, benchDownload, {
  reportError: (error, stopping) => {
    if (!stopping) console.error(`bench:download could not run: ${error instanceof Error ? error.message : String(error)}`);
  },
});
