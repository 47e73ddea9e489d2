/**
 * The harness of the browser benchmarks (bench/cluster.ts, bench/buildings.ts), Node side. Each benchmark's page
 * script is bundled with vite into a temp folder (never dist/) in about a second; Cesium is not bundled but loaded
 * from its prebuilt Build/Cesium/Cesium.js as the `Cesium` global (bench/cesiumPageViewer.ts), so the bundle holds
 * only the benchmark's own code. Both are served, with any data folders of the benchmark, by a small static server
 * on 127.0.0.1, and opened in Debian's Chromium on SwiftShader (tests/chromium.ts) at 800x600, so the two
 * benchmarks' figures come from the same browser set-up.
 */
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from '@playwright/test';
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { build } from 'vite';
import { chromiumLaunchOptions } from '../tests/chromium';
import { ROOT } from './build';
import { onCleanup } from './cleanup';

const CESIUM_BUILD = join(ROOT, 'node_modules', 'cesium', 'Build', 'Cesium');

/** What the pages load: Cesium's build (scripts, styles, workers, images, wasm), the bundles and the benchmarks' data. */
const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.glb': 'model/gltf-binary',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
};

/** The page: Cesium's global build first (the bundled page.js reads `window.Cesium`), a full-window #map. */
function cesiumPageHtml(title: string): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>${title}</title>
<link rel="stylesheet" href="/cesium/Widgets/widgets.css">
<style>html,body,#map{margin:0;width:100%;height:100%;overflow:hidden}</style>
<script>window.CESIUM_BASE_URL = '/cesium/';</script>
<script src="/cesium/Cesium.js"></script>
</head><body><div id="map"></div><script type="module" src="/page.js"></script></body></html>`;
}

/** Bundles `entry` (a page script) into `outDir`/page.js, unminified so page errors stay readable. */
async function bundlePage(entry: string, outDir: string): Promise<void> {
  await build({
    configFile: false,
    logLevel: 'warn',
    root: ROOT,
    build: {
      outDir,
      emptyOutDir: true,
      minify: false,
      lib: { entry, formats: ['es'], fileName: () => 'page.js' },
    },
  });
}

/**
 * Serves the page at `/`, Cesium's build under `/cesium/`, each of `dataRoots` (URL prefix → folder) and the
 * bundle at `/`, on a free port of 127.0.0.1. Nothing outside those folders is served.
 */
function servePage(title: string, pageDir: string, dataRoots: Record<string, string>): Promise<{ origin: string; server: Server }> {
  const html = cesiumPageHtml(title);
  // The first matching prefix wins, so the catch-all page folder comes last.
  const roots: Array<[string, string]> = [['/cesium/', CESIUM_BUILD], ...Object.entries(dataRoots), ['/', pageDir]];
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    if (path === '/') {
      response.writeHead(200, { 'Content-Type': 'text/html' });
      response.end(html);
      return;
    }
    const [prefix, root] = roots.find(([candidate]) => path.startsWith(candidate))!;
    const file = join(root, normalize(path.slice(prefix.length)));
    if (!file.startsWith(root)) {
      response.writeHead(403).end();
      return;
    }
    if (!existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ origin: `http://127.0.0.1:${port}`, server });
    });
  });
}

export interface CesiumBenchPage {
  origin: string;
  server: Server;
  browser: Browser;
  /** How long bundling the page took, ms. */
  bundledMs: number;
}

/**
 * Bundles `entry` into a temp folder named after `tempPrefix`, serves it (with `dataRoots`) and launches Chromium;
 * the folder, the server and the browser are undone by bench/cleanup.ts on every way out.
 */
export async function startCesiumBenchPage(options: {
  title: string;
  entry: string;
  tempPrefix: string;
  dataRoots?: Record<string, string>;
}): Promise<CesiumBenchPage> {
  const pageDir = mkdtempSync(join(tmpdir(), options.tempPrefix));
  onCleanup(() => rmSync(pageDir, { recursive: true, force: true }));
  const bundleStarted = performance.now();
  await bundlePage(options.entry, pageDir);
  const bundledMs = performance.now() - bundleStarted;
  const { origin, server } = await servePage(options.title, pageDir, options.dataRoots ?? {});
  onCleanup(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const browser = await chromium.launch(chromiumLaunchOptions());
  onCleanup(() => browser.close());
  return { origin, server, browser, bundledMs };
}

/** A fresh browser context at the benchmarks' 800x600, so every run starts from an empty page. */
export function newBenchContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 800, height: 600 } });
}

/**
 * Opens the bench page in `context` and waits (30 s at most) until its bundle has set `window[globalName]`, the
 * object whose `run` the benchmark calls. Page errors print; console messages go to `onConsole` (progress lines,
 * verbose output).
 */
export async function openBenchPage(
  context: BrowserContext,
  origin: string,
  globalName: string,
  onConsole: (message: ConsoleMessage) => void,
): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));
  page.on('console', onConsole);
  await page.goto(origin, { waitUntil: 'load' });
  await page.waitForFunction((name) => name in window, globalName, { timeout: 30_000 });
  return page;
}
