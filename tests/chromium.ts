/**
 * How the browser tests and the bench start Debian's Chromium: WebGL on SwiftShader (no GPU on CI), no
 * background network traffic (this machine's closed network refuses it), and no sandbox when running as root.
 */
import type { LaunchOptions } from '@playwright/test';

export function chromiumLaunchOptions(): LaunchOptions {
  const runningAsRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  return {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      ...(runningAsRoot ? ['--no-sandbox'] : []),
      '--use-gl=angle',
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      '--ignore-gpu-blocklist',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  };
}
