import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/chromium';

/** Port of the throwaway server the browser tests start; away from the default 8080 so a running app is untouched. */
const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 90_000,
  expect: { timeout: 20_000 },
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    viewport: { width: 800, height: 600 },
    launchOptions: chromiumLaunchOptions(),
  },
  webServer: {
    command: `node --import tsx server/main.ts`,
    url: `http://127.0.0.1:${E2E_PORT}/mapviewer/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      HOST: '127.0.0.1',
      PORT: String(E2E_PORT),
      DATABASE_PATH: `var/e2e-db-${Date.now()}`,
    },
  },
});
