import { FEED_MODES } from '../../core/contracts';
import type { FetchFunction } from './http';

export type SourcesMode = (typeof FEED_MODES)[number];

/** How the realtime and environment feeds get their data. Every option has a default. */
export interface SourcesOptions {
  /** 'offline' (the snapshots in data/) or 'live' (the public sources); default: the SOURCES environment variable. */
  mode?: SourcesMode;
  /** The fetch the live adapters use; default: global `fetch`. Tests inject a fake. */
  fetch?: FetchFunction;
  /** Longest wait for one answer of a live source, ms; default {@link DEFAULT_SOURCE_TIMEOUT_MS}. */
  timeoutMs?: number;
  /** Clock, ms since the epoch; default `Date.now`. */
  now?: () => number;
}

/** Default longest wait for a live source: long enough for a slow government server, short enough for a map. */
export const DEFAULT_SOURCE_TIMEOUT_MS = 8000;

/**
 * The SOURCES setting: unset or empty means 'offline'; anything but 'offline' or 'live' stops the start-up with a
 * message saying what to write.
 */
export function sourcesModeFromEnvironment(environment: Readonly<Record<string, string | undefined>> = process.env): SourcesMode {
  const value = environment.SOURCES;
  if (value === undefined || value === '') return 'offline';
  const mode = FEED_MODES.find((candidate) => candidate === value);
  if (!mode) throw new Error(`SOURCES must be "offline" or "live", not "${value.slice(0, 40)}" (leave it unset for offline)`);
  return mode;
}
