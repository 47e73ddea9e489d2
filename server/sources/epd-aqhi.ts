/**
 * EPD's current AQHI by station (`aqhi_ind_rss_Eng.xml`, DATA.GOV.HK "Air Quality Health Index"): one RSS item per
 * station, titled "Central/Western : 2 : Low" ("Causeway Bay : 10+ : Serious"), with the hour in `pubDate`.
 */
import { AQHI_MAX, type AqhiFeed } from '../../core/contracts';
import { buildAqhiFeed, type AqhiReading, type AqhiStation } from '../data/aqhi';
import type { FeedData } from '../data/feed';
import { fetchText, type FetchFunction } from './http';
import { requireFeatures } from './live-feed';
import { readRssItems, rssDateToIso } from './rss';

export const EPD_AQHI_URL = 'https://www.aqhi.gov.hk/epd/ddata/html/out/aqhi_ind_rss_Eng.xml';

/**
 * The readings in EPD's AQHI RSS. An item whose title is not "<station> : <1..10 or 10+> : <category>" (a station
 * not reporting) is skipped; "10+" is 11.
 */
export function parseEpdAqhiRss(xml: string): AqhiReading[] {
  const readings: AqhiReading[] = [];
  for (const item of readRssItems(xml)) {
    const m = /^(.+?)\s*:\s*(10\+|\d{1,2})\s*:/.exec(item.title);
    const observedAt = rssDateToIso(item.pubDate);
    if (!m || !observedAt) continue;
    const aqhi = m[2] === '10+' ? AQHI_MAX : Number(m[2]);
    if (aqhi < 1 || aqhi > AQHI_MAX || (aqhi === AQHI_MAX && m[2] !== '10+')) continue;
    readings.push({ station: m[1].trim(), aqhi, observedAt });
  }
  return readings;
}

export async function fetchEpdAqhi(fetch: FetchFunction, signal: AbortSignal, stations: ReadonlyMap<string, AqhiStation>): Promise<FeedData<AqhiFeed>> {
  const xml = await fetchText(fetch, EPD_AQHI_URL, signal);
  return requireFeatures(buildAqhiFeed(parseEpdAqhiRss(xml), stations, false), 'AQHI RSS');
}
