/**
 * The measure panel (slot `map.top-left`, shown while the core switch `mode:measure` is on): the six tools as
 * toggle buttons (the store's measure mode), what to do next, Undo and New measurement, the results list — each
 * measurement with its figures, what it was measured on, a Copy button and a Remove button — and the whole list as
 * GeoJSON or CSV downloads. Every control is a button, so all of it works from the keyboard.
 */
import { useEffect, useId, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { appStore, useAppStore } from '../../../core/store';
import { downloadBlob } from '../../../core/ui/downloadBlob';
import { useCopyToClipboard } from '../../../core/ui/useCopyToClipboard';
import { measurementController } from '../context';
import { measurementsToCsv, measurementsToGeoJson } from '../exports';
import type { MeasurementController } from '../measurementController';
import {
  type Figure,
  figureNumber,
  isMeasureTool,
  MEASURE_TOOLS,
  type Measurement,
  measurementResult,
  TOOL_POINTS,
  valueMessageId,
} from '../measurements';
import '../../../core/ui/mapPanel.css';
import './measurement.css';

export default function MeasurementPanel() {
  const controller = measurementController();
  const open = useAppStore((state) => state.measure);
  if (!controller || !open) return null;
  return <Panel controller={controller} />;
}

type Format = (id: string, values?: Record<string, string | number>) => string;

/** "Label: 12.34 m", the same text the map's labels use. */
function figureText(t: Format, figure: Figure): string {
  const value = t(valueMessageId(figure.unit), { number: figureNumber(figure) });
  return t('measurement.figure.labelled', { label: t(figure.label, figure.labelValues), value });
}

/** Everything said about one measurement, as lines: what Copy puts on the clipboard. */
function measurementText(t: Format, measurement: Measurement): string {
  const result = measurementResult(measurement);
  const lines = [t('measurement.result.title', { id: measurement.id, tool: t(`measurement.tool.${measurement.tool}`) })];
  if (result.surface) lines.push(t(`measurement.surface.${result.surface}`));
  lines.push(...result.figures.map((figure) => figureText(t, figure)));
  if (result.problem) lines.push(t(result.problem));
  return lines.join('\n');
}

/** Starts a download of `text` as a file. */
function download(text: string, fileName: string, type: string): void {
  downloadBlob(new Blob([text], { type }), fileName);
}

function Panel({ controller }: { controller: MeasurementController }) {
  const intl = useIntl();
  const t: Format = (id, values) => intl.formatMessage({ id }, values);
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  const measureMode = useAppStore((store) => store.measureMode);
  const tool = isMeasureTool(measureMode) ? measureMode : null;
  const titleId = useId();
  const toolsId = useId();
  const current = state.measurements.find((measurement) => measurement.id === state.currentId) ?? null;
  const nothing = state.measurements.length === 0;

  return (
    <section className="map-panel measurement" aria-labelledby={titleId} data-testid="measurement-panel">
      <div className="map-panel__header">
        <h2 id={titleId}>{t('measurement.title')}</h2>
        <button type="button" className="icon-button icon-button--plain" aria-label={t('measurement.close')} onClick={() => appStore.getState().setMode('measure', false)}>
          ×
        </button>
      </div>
      <div className="map-panel__body measurement__body">
        <p id={toolsId} className="measurement__label">
          {t('measurement.tools')}
        </p>
        <div className="measurement__tools" role="group" aria-labelledby={toolsId}>
          {MEASURE_TOOLS.map((each) => (
            <button
              key={each}
              type="button"
              className={each === tool ? 'measurement__tool is-active' : 'measurement__tool'}
              aria-pressed={each === tool}
              data-measure-tool={each}
              onClick={() => appStore.getState().setMeasureMode(each === tool ? null : each)}
            >
              {t(`measurement.tool.${each}`)}
            </button>
          ))}
        </div>
        <p className="measurement__hint">{tool ? t(`measurement.hint.${tool}`) : t('measurement.hint.chooseTool')}</p>
        {tool ? <p className="measurement__hint">{t('measurement.hint.keys')}</p> : null}
        <div className="measurement__actions">
          <button type="button" className="measurement__action" disabled={!current || current.points.length === 0} onClick={() => controller.undo()}>
            {t('measurement.undo')}
          </button>
          <button type="button" className="measurement__action" disabled={!current} onClick={() => controller.newMeasurement()}>
            {t('measurement.new')}
          </button>
        </div>
        <p className="measurement__status" role="status" aria-live="polite">
          {state.status ? t(state.status.id, state.status.values) : ''}
        </p>
        <h3 className="measurement__results-title">{t('measurement.results')}</h3>
        {nothing ? (
          <p className="measurement__empty">{t('measurement.results.empty')}</p>
        ) : (
          <ol className="measurement__results">
            {state.measurements.map((measurement) => (
              <Result key={measurement.id} measurement={measurement} current={measurement.id === state.currentId} controller={controller} t={t} />
            ))}
          </ol>
        )}
        <div className="measurement__actions">
          <button
            type="button"
            className="measurement__action"
            disabled={nothing}
            onClick={() => download(measurementsToGeoJson(state.measurements), 'measurements.geojson', 'application/geo+json')}
          >
            {t('measurement.export.geojson')}
          </button>
          <button type="button" className="measurement__action" disabled={nothing} onClick={() => download(measurementsToCsv(state.measurements), 'measurements.csv', 'text/csv')}>
            {t('measurement.export.csv')}
          </button>
          <button type="button" className="measurement__action" disabled={nothing} onClick={() => controller.clearAll()}>
            {t('measurement.clearAll')}
          </button>
        </div>
      </div>
    </section>
  );
}

function Result({ measurement, current, controller, t }: { measurement: Measurement; current: boolean; controller: MeasurementController; t: Format }) {
  const result = measurementResult(measurement);
  const { state, copy, reset } = useCopyToClipboard();
  const text = measurementText(t, measurement);
  // New points give new figures: the old "Copied" no longer applies.
  useEffect(reset, [text, reset]);
  const title = t('measurement.result.title', { id: measurement.id, tool: t(`measurement.tool.${measurement.tool}`) });
  const missing = TOOL_POINTS[measurement.tool].minimum - measurement.points.length;
  return (
    <li className={current ? 'measurement__result is-current' : 'measurement__result'} data-measurement={measurement.id} data-tool={measurement.tool}>
      <h4>{title}</h4>
      {result.surface ? <p className="measurement__surface">{t(`measurement.surface.${result.surface}`)}</p> : null}
      {missing > 0 ? <p className="measurement__more">{t('measurement.result.needsPoints', { count: missing })}</p> : null}
      {result.figures.length > 0 ? (
        <dl className="measurement__figures">
          {result.figures.map((figure) => (
            <div key={figure.quantity} className="measurement__figure" data-quantity={figure.quantity}>
              <dt>{t(figure.label, figure.labelValues)}</dt>
              <dd data-value={figureNumber(figure)}>{t(valueMessageId(figure.unit), { number: figureNumber(figure) })}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {result.problem ? <p className="measurement__problem">{t(result.problem)}</p> : null}
      <div className="measurement__result-actions">
        <button type="button" className="measurement__copy" aria-label={t('measurement.copy', { title })} onClick={() => void copy(text)}>
          {t('measurement.copyShort')}
        </button>
        <button type="button" className="measurement__copy" aria-label={t('measurement.remove', { title })} onClick={() => controller.remove(measurement.id)}>
          {t('measurement.removeShort')}
        </button>
        <span className="measurement__copied" aria-live="polite">
          {state === 'idle' ? '' : t(`measurement.copy.${state}`)}
        </span>
      </div>
    </li>
  );
}
