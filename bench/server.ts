/**
 * Starts the portal (`node --import tsx server/main.ts`) on 127.0.0.1, a free port and a throwaway database,
 * and stops it by PID: SIGTERM, then SIGKILL if it is still there after 5 s (also on process exit).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './build';
import { onCleanup, onExit } from './cleanup';

export interface RunningServer {
  origin: string;
  pid: number;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function startServer(timeoutMs: number): Promise<RunningServer> {
  const port = await freePort();
  const databaseDir = mkdtempSync(join(tmpdir(), 'hkmap-bench-db-'));
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATABASE_PATH: join(databaseDir, 'db') },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('the server did not start');
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });

  const kill = (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(pid, signal);
    } catch {
      /* already gone */
    }
  };
  const removeDatabase = () => rmSync(databaseDir, { recursive: true, force: true, maxRetries: 3 });
  const removeExit = onExit(() => {
    kill('SIGKILL');
    removeDatabase();
  });
  let stopped: Promise<void> | null = null;
  const stop = (): Promise<void> => {
    stopped ??= (async () => {
      kill('SIGTERM');
      const timer = setTimeout(() => kill('SIGKILL'), 4_000);
      await exited(child);
      clearTimeout(timer);
      removeDatabase();
      removeExit();
    })();
    return stopped;
  };
  onCleanup(stop);

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${stderr}`);
    try {
      const response = await fetch(`${origin}/mapviewer/api/health`);
      if (response.ok) return { origin, pid, stop };
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer /mapviewer/api/health within ${timeoutMs} ms: ${stderr}`);
}
