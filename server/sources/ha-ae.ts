/**
 * The Hospital Authority's A&E waiting-time feed, English edition (its hospital names match our hospital file).
 * The format is read by {@link parseHaWaitTimes}.
 */
import type { AeFeed } from '../../core/contracts';
import { buildAeFeed, parseHaWaitTimes } from '../data/ae';
import type { FeedData } from '../data/feed';
import type { Station } from '../data/weather';
import { fetchJson, type FetchFunction } from './http';
import { requireFeatures } from './live-feed';

export const HA_AE_URL = 'https://www.ha.org.hk/opendata/aed/aedwtdata2-en.json';

export async function fetchHaAe(fetch: FetchFunction, signal: AbortSignal, hospitals: ReadonlyMap<string, Station>): Promise<FeedData<AeFeed>> {
  const document = await fetchJson(fetch, HA_AE_URL, signal);
  return requireFeatures(buildAeFeed(parseHaWaitTimes(document), hospitals, false), 'A&E JSON');
}
