/**
 * Popup rows the environment layers need beyond what a manifest can say: texts that are computed from a feature
 * (the dissolved-oxygen verdict against SPEC §9's 4 mg/L) or that the feed gives only as a code (the AQHI
 * station type), and the note that a record is a generated sample. Pure: `format` is the i18n formatter.
 */
import { AQHI_STATION_TYPES } from '../../core/contracts/environment';
import { DISSOLVED_OXYGEN_THRESHOLD_MG_L, meetsDissolvedOxygenThreshold } from '../../core/contracts/staticLayers';
import type { OverlayHandlerContribution } from '../../core/plugin/types';

export type Format = (id: string, values?: Record<string, string | number>) => string;
export type PopupRow = { label: string; value: string };

/** Handler ids, as the manifests' `handler` fields name them. */
export const AQHI_HANDLER_ID = 'aqhi';
export const WATER_QUALITY_HANDLER_ID = 'water-quality';

/** The "generated sample" row for a feature the feed marks `sample: true`, none otherwise. */
export function sampleRows(properties: Record<string, unknown>, format: Format): PopupRow[] {
  return properties.sample === true
    ? [{ label: format('environmentLayers.sample.label'), value: format('environmentLayers.sample.value') }]
    : [];
}

/** AQHI popup rows: the station type (general or roadside) in words, and the sample note. */
export function describeAqhiStation(properties: Record<string, unknown>, format: Format): PopupRow[] {
  const stationType = properties.stationType;
  const typeRows = (AQHI_STATION_TYPES as readonly unknown[]).includes(stationType)
    ? [{ label: format('environmentLayers.aqhi.stationType'), value: format(`environmentLayers.aqhi.stationType.${String(stationType)}`) }]
    : [];
  return [...typeRows, ...sampleRows(properties, format)];
}

/**
 * Marine and river popup rows: whether the dissolved oxygen meets the 4 mg/L threshold (decided here from the
 * reading, by the contract's rule, so the verdict cannot drift from the reading shown above it), and the sample note.
 */
export function describeWaterQualityStation(properties: Record<string, unknown>, format: Format): PopupRow[] {
  const reading = properties.dissolvedOxygenMgL;
  const verdictRows =
    typeof reading === 'number' && Number.isFinite(reading)
      ? [
          {
            label: format('environmentLayers.dissolvedOxygen.verdict', { threshold: DISSOLVED_OXYGEN_THRESHOLD_MG_L }),
            value: format(
              meetsDissolvedOxygenThreshold(reading) ? 'environmentLayers.dissolvedOxygen.meets' : 'environmentLayers.dissolvedOxygen.below',
              { threshold: DISSOLVED_OXYGEN_THRESHOLD_MG_L },
            ),
          },
        ]
      : [];
  return [...verdictRows, ...sampleRows(properties, format)];
}

/**
 * The two handlers. The engine asks for rows in the current interface language, which is the one `format`
 * formats in, so the `language` argument needs no separate lookup.
 */
export function environmentHandlers(format: Format): OverlayHandlerContribution[] {
  return [
    { id: AQHI_HANDLER_ID, describeFeature: (properties) => describeAqhiStation(properties, format) },
    { id: WATER_QUALITY_HANDLER_ID, describeFeature: (properties) => describeWaterQualityStation(properties, format) },
  ];
}
