/**
 * What a land sale lot shows (SPEC §3 "Land sale lot": lot number, use, location, location plan, tender forecast,
 * site area) in the layer's popup and in the land drawer's lists. Pure: message formatting comes in.
 */
import { landLotPropertiesSchema, type LandLotProperties } from '../../core/contracts/lots';
import type { I18nService, Language } from '../../core/plugin/types';

export interface LotRow {
  /** Which field of SPEC §3 the row shows. */
  field: 'lotNumber' | 'use' | 'location' | 'tenderForecast' | 'siteArea' | 'data';
  label: string;
  value: string;
}

/**
 * Fields the layer's manifest shows itself in the popup (manifests/overlays/land-sale-lots.json): the lot number as
 * the title, the site area as its field row (a manifest row also keeps the map label from being shown as a reading).
 */
const SHOWN_BY_MANIFEST: ReadonlyArray<LotRow['field']> = ['lotNumber', 'siteArea'];

/** Months of the financial year (April to March) each tender quarter spans: first month 0 = January. */
const QUARTER_FIRST_MONTH = [3, 6, 9, 0] as const;

/**
 * The quarter of the land sale programme as text, e.g. "Q2 of 2026-27 (Jul 2026 – Sep 2026)": Q1 is April to June,
 * Q4 January to March of the year after the financial year began.
 */
export function formatTenderForecast(forecast: LandLotProperties['tenderForecast'], i18n: Pick<I18nService, 'format'>, language: Language): string {
  const startYear = Number(forecast.financialYear.slice(0, 4)) + (forecast.quarter === 4 ? 1 : 0);
  const firstMonth = QUARTER_FIRST_MONTH[forecast.quarter - 1];
  const month = new Intl.DateTimeFormat(language, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  return i18n.format('land.lot.tenderForecastValue', {
    quarter: forecast.quarter,
    financialYear: forecast.financialYear,
    from: month.format(Date.UTC(startYear, firstMonth, 1)),
    to: month.format(Date.UTC(startYear, firstMonth + 2, 1)),
  });
}

/** Site area in square metres, grouped in the page language, e.g. "12,345 m²". */
export function formatSiteArea(squareMetres: number, i18n: Pick<I18nService, 'format'>, language: Language): string {
  return i18n.format('land.lot.siteAreaValue', { area: new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(squareMetres) });
}

/** The lot's rows in SPEC §3 order, and a last row saying the lot is sample data. */
export function describeLot(lot: LandLotProperties, i18n: Pick<I18nService, 'format'>, language: Language): LotRow[] {
  return [
    { field: 'lotNumber', label: i18n.format('land.lot.lotNumber'), value: lot.lotNumber },
    { field: 'use', label: i18n.format('land.lot.use'), value: lot.use[language] },
    { field: 'location', label: i18n.format('land.lot.location'), value: lot.location[language] },
    { field: 'tenderForecast', label: i18n.format('land.lot.tenderForecast'), value: formatTenderForecast(lot.tenderForecast, i18n, language) },
    { field: 'siteArea', label: i18n.format('land.lot.siteArea'), value: formatSiteArea(lot.siteAreaSquareMetres, i18n, language) },
    { field: 'data', label: i18n.format('land.lot.data'), value: i18n.format('land.lot.sample') },
  ];
}

/**
 * The handler's popup rows of a feature of the `land-sale-lots` layer: the lot's rows but those the manifest shows
 * itself. A feature that is not a lot record (a changed feed) gets the one row saying so rather than half-filled rows.
 */
export function describeLotFeature(properties: Record<string, unknown>, i18n: Pick<I18nService, 'format'>, language: Language): Array<{ label: string; value: string }> {
  const lot = landLotPropertiesSchema.safeParse(properties);
  if (!lot.success) return [{ label: i18n.format('land.lot.data'), value: i18n.format('land.lot.unreadable') }];
  return describeLot(lot.data, i18n, language)
    .filter((row) => !SHOWN_BY_MANIFEST.includes(row.field))
    .map(({ label, value }) => ({ label, value }));
}
