import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { cpSync } from 'node:fs';
import { resolve } from 'node:path';

/** Base path of the viewer (SPEC §9). */
export const APP_BASE_PATH = '/mapviewer/app/';

const cesiumBuildDir = resolve(import.meta.dirname, 'node_modules/cesium/Build/Cesium');
const cesiumStaticFolders = ['Workers', 'Assets', 'ThirdParty', 'Widgets'];

/**
 * Cesium loads its web workers, sky box and widget CSS at run time from CESIUM_BASE_URL, so those files
 * must sit beside the bundle; nothing may be fetched from a CDN.
 */
function copyCesiumStaticFiles() {
  return {
    name: 'copy-cesium-static-files',
    writeBundle(options: { dir?: string }) {
      const outDir = options.dir ?? resolve(import.meta.dirname, 'dist');
      for (const folder of cesiumStaticFolders) {
        cpSync(resolve(cesiumBuildDir, folder), resolve(outDir, 'cesium', folder), { recursive: true });
      }
    },
  };
}

export default defineConfig({
  root: 'app',
  base: APP_BASE_PATH,
  publicDir: false,
  plugins: [react(), copyCesiumStaticFiles()],
  build: {
    outDir: resolve(import.meta.dirname, 'dist'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 6000,
    sourcemap: false,
    /** dist/.vite/manifest.json: bench/bundle.ts reads the entry's static-import closure from it. */
    manifest: true,
  },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/mapviewer/api': 'http://127.0.0.1:8080',
      '/mapviewer/geopin': 'http://127.0.0.1:8080',
      '/mapviewer/gm': 'http://127.0.0.1:8080',
      '/geoserver': 'http://127.0.0.1:8080',
    },
  },
  test: {
    root: import.meta.dirname,
    include: ['{core,app,plugins,server,scripts,tests}/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 20000,
    pool: 'forks',
  },
});
