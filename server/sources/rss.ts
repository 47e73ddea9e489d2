/**
 * A small RSS 2.0 reader for EPD's AQHI and beach feeds: only `<item>` titles, descriptions and publication dates
 * are needed, so a full XML parser (and a dependency) would buy nothing.
 */
import { decodeXmlEntities } from '../data/xmlEntities';

export interface RssItem {
  title: string;
  description: string;
  pubDate: string;
}

function decodeText(raw: string): string {
  const cdata = /^\s*<!\[CDATA\[([\s\S]*?)\]\]>\s*$/.exec(raw);
  if (cdata) return cdata[1].trim();
  return decodeXmlEntities(raw).trim();
}

function childText(xml: string, tag: string): string {
  const m = new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'i').exec(xml);
  return m ? decodeText(m[1]) : '';
}

/** The items of an RSS document; throws when the text is not RSS. */
export function readRssItems(xml: string): RssItem[] {
  if (!/<rss[\s>]/i.test(xml) || !/<channel[\s>]/i.test(xml)) throw new Error(`not an RSS document (starts: ${xml.trim().slice(0, 60)})`);
  const channelDate = childText(xml.replace(/<item[\s>][\s\S]*$/i, ''), 'pubDate');
  return [...xml.matchAll(/<item(?:\s[^>]*)?>([\s\S]*?)<\/item>/gi)].map(([, item]) => ({
    title: childText(item, 'title'),
    description: childText(item, 'description'),
    pubDate: childText(item, 'pubDate') || channelDate,
  }));
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * An RSS date ("Tue, 17 Jun 2025 19:30:00 +0800") → ISO 8601 keeping its offset ("2025-06-17T19:30:00+08:00");
 * undefined when it is not one. A date without a zone is Hong Kong time.
 */
export function rssDateToIso(text: string): string | undefined {
  const m = /^(?:[a-z]{3},\s*)?(\d{1,2})\s+([a-z]{3})\s+(\d{4})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([+-]\d{4}|gmt|utc|z)?$/i.exec(text.trim());
  if (!m) return undefined;
  const month = MONTHS.indexOf(m[2].toLowerCase()) + 1;
  if (month === 0) return undefined;
  const zone = m[7] ?? '+0800';
  const offset = /^[+-]\d{4}$/.test(zone) ? `${zone.slice(0, 3)}:${zone.slice(3)}` : '+00:00';
  const two = (n: string | number) => String(n).padStart(2, '0');
  return `${m[3]}-${two(month)}-${two(m[1])}T${two(m[4])}:${m[5]}:${m[6] ?? '00'}${offset}`;
}
