/**
 * EPD's beach water-quality grades (`beachpsi/tc/beach2.rss`, the Traditional Chinese edition, whose beach names
 * match our beach file): one RSS item per beach, titled "淺水灣泳灘的水質被評為良好(一級)".
 */
import type { BeachFeed } from '../../core/contracts';
import { beachGradeCode, buildBeachFeed, type BeachGradeReport } from '../data/beach';
import type { FeedData } from '../data/feed';
import type { Station } from '../data/weather';
import { fetchText, type FetchFunction } from './http';
import { requireFeatures } from './live-feed';
import { readRssItems, rssDateToIso } from './rss';

export const EPD_BEACH_URL = 'https://cd.epic.epd.gov.hk/beachpsi/tc/beach2.rss';

/**
 * The grades in EPD's beach RSS. Items not titled "<beach>的水質被評為<grade>" are skipped; a grade text we do
 * not know is an error (see {@link beachGradeCode}).
 */
export function parseEpdBeachRss(xml: string): BeachGradeReport[] {
  const reports: BeachGradeReport[] = [];
  for (const item of readRssItems(xml)) {
    const m = /^(.+?)的水質被評為\s*(.+)$/.exec(item.title);
    if (!m) continue;
    const publishedAt = rssDateToIso(item.pubDate);
    reports.push({ beach: m[1].trim(), code: beachGradeCode(m[2]), ...(publishedAt ? { publishedAt } : {}) });
  }
  return reports;
}

export async function fetchEpdBeaches(fetch: FetchFunction, signal: AbortSignal, beaches: ReadonlyMap<string, Station>): Promise<FeedData<BeachFeed>> {
  const xml = await fetchText(fetch, EPD_BEACH_URL, signal);
  return requireFeatures(buildBeachFeed(parseEpdBeachRss(xml), beaches), 'beach RSS');
}
