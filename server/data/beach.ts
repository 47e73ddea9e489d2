import { BEACH_GRADES, beachGrade, type BeachFeed, type BeachGradeCode, type LocalisedText } from '../../core/contracts';
import type { FeedData } from './feed';
import { readDataJson } from './files';
import { labelledValueProperties, placedStationFeatures, type Station } from './weather';

export const BEACH_FILES = {
  /** The 39 EPD-graded beaches: Traditional Chinese `name`, EPD's grade text as of the snapshot. */
  beaches: 'environment/epd_beaches_graded.geojson',
  /** English and Simplified Chinese names (our translation), keyed by the Traditional Chinese name. */
  names: 'names/beach_names.json',
} as const;

export interface BeachGradeReport {
  /** The beach's Traditional Chinese name, as EPD writes it ("淺水灣泳灘"). */
  beach: string;
  code: BeachGradeCode;
  /** EPD's publication time, ISO 8601 with offset, when the source gives one. */
  publishedAt?: string;
}

const CHINESE_DIGITS: Record<string, BeachGradeCode> = { 一: 1, 二: 2, 三: 3, 四: 4 };

/**
 * The grade code of EPD's grade text: a grade name in any of the three languages ("良好", "Very Poor",
 * "冬季不作評級"), optionally with its level in brackets ("一般(二級)", "Fair (Grade 2)"), or the level alone.
 * Throws for a text that is none of these, so an unexpected answer is reported rather than drawn wrongly.
 */
export function beachGradeCode(text: string): BeachGradeCode {
  const trimmed = text.trim();
  const bracketed = /^(.*?)\s*[(（]([^)）]*)[)）]\s*$/.exec(trimmed);
  const word = (bracketed ? bracketed[1] : trimmed).toLowerCase();
  const named = BEACH_GRADES.find((grade) => Object.values(grade.name).some((name) => name.toLowerCase() === word));
  if (named) return named.code as BeachGradeCode;
  const level = /([一二三四])級|grade\s*([1-4])/i.exec(bracketed ? bracketed[2] : trimmed);
  if (level) return level[1] ? CHINESE_DIGITS[level[1]] : (Number(level[2]) as BeachGradeCode);
  throw new Error(`Unknown beach grade "${text.slice(0, 60)}"`);
}

interface BeachFile {
  features: Array<{ geometry: { type: 'Point'; coordinates: [number, number] }; properties: { name: string; grade: string } }>;
}

/**
 * The beaches keyed by their Traditional Chinese name. Every beach needs an English name in the names file: the
 * English name makes its `key`.
 */
export function loadBeaches(dataDir: string): Map<string, Station> {
  const names = readDataJson<{ names: Record<string, Omit<LocalisedText, 'zh-HK'>> }>(dataDir, BEACH_FILES.names).names;
  const beaches = new Map<string, Station>();
  for (const feature of readDataJson<BeachFile>(dataDir, BEACH_FILES.beaches).features) {
    const traditional = feature.properties.name;
    const translated = names[traditional];
    if (!translated) throw new Error(`Beach ${traditional} has no English name in ${BEACH_FILES.names}`);
    beaches.set(traditional, {
      name: { 'en-US': translated['en-US'], 'zh-HK': traditional, 'zh-CN': translated['zh-CN'] },
      position: [feature.geometry.coordinates[0], feature.geometry.coordinates[1]],
    });
  }
  return beaches;
}

/** The beach feed: one point per graded beach that can be placed, sorted by key. */
export function buildBeachFeed(reports: readonly BeachGradeReport[], beaches: ReadonlyMap<string, Station>): FeedData<BeachFeed> {
  const features = placedStationFeatures(reports, beaches, (report) => report.beach, (report) => {
    const grade = beachGrade(report.code);
    return {
      ...labelledValueProperties(report.code, grade.rgb, grade.name),
      ...(report.publishedAt ? { _publish_date: report.publishedAt } : {}),
    };
  });
  return { type: 'FeatureCollection', sample: false, features };
}

/** The beach feed from the EPD snapshot in data/ (it carries no publication time). */
export function loadBeachFeed(dataDir: string): FeedData<BeachFeed> {
  const reports = readDataJson<BeachFile>(dataDir, BEACH_FILES.beaches).features.map(({ properties }) => ({
    beach: properties.name,
    code: beachGradeCode(properties.grade),
  }));
  return buildBeachFeed(reports, loadBeaches(dataDir));
}
