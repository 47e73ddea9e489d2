/**
 * The cross section panel (slot `map.top-left`, shown while the tool is on): how to draw, the drawing's buttons, then
 * the profile chart — a canvas that is also a slider (arrows, Page keys, Home, End move the cursor; the mouse over
 * it too), with the marker on the map following — the reading under the cursor, the min / max / length summary,
 * the buildings crossed and the CSV / PNG downloads. Messages say why there is no chart.
 */
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { useAppStore } from '../../../core/store';
import type { Language } from '../../../core/plugin/types';
import { downloadBlob } from '../../../core/ui/downloadBlob';
import { chartLayout, cursorAfterKey, sampleIndexAtX, summarise, type ChartLayout } from '../chart';
import { crossSection } from '../context';
import type { CrossSectionController, CrossSectionState } from '../crossSectionController';
import { profileToCsv, exportFileName } from '../csv';
import { drawChart } from '../drawChart';
import { buildingName, type Profile } from '../profile';
import { CROSS_SECTION_TOOL } from '../ids';
import '../../../core/ui/mapPanel.css';
import '../../../core/ui/controls.css';
import './cross-section.css';

type Format = (id: string, values?: Record<string, string | number>) => string;

/** Chart height, CSS pixels: enough for five height ticks and the building names above; less on short screens, where
 * the panel's column is short and the chart should still show whole. */
const CHART_HEIGHT = 230;
const SHORT_SCREEN_CHART_HEIGHT = 170;
const SHORT_SCREEN = '(max-height: 700px)';
const chartHeight = () => (typeof window !== 'undefined' && window.matchMedia?.(SHORT_SCREEN).matches ? SHORT_SCREEN_CHART_HEIGHT : CHART_HEIGHT);

export default function CrossSectionPanel() {
  const services = crossSection();
  const on = useAppStore((state) => state.toggles[CROSS_SECTION_TOOL] ?? false);
  if (!services || !on) return null;
  return <Panel controller={services.controller} />;
}

/** Metres as the panel writes them: to the decimetre below 1 km of length, km with 2 decimals above. */
function lengthText(t: Format, metres: number): string {
  return metres >= 1000 ? t('cross-section.value.km', { number: (metres / 1000).toFixed(2) }) : t('cross-section.value.m', { number: metres.toFixed(1) });
}
const heightText = (t: Format, metres: number) => t('cross-section.value.m', { number: metres.toFixed(1) });

function Panel({ controller }: { controller: CrossSectionController }) {
  const intl = useIntl();
  const t: Format = (id, values) => intl.formatMessage({ id }, values);
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  const titleId = useId();
  const close = () => crossSection()?.ctx.store.getState().setToggle(CROSS_SECTION_TOOL, false);
  return (
    <section className={state.profile ? 'map-panel cross-section has-chart' : 'map-panel cross-section'} aria-labelledby={titleId} data-testid="cross-section-panel">
      <div className="map-panel__header">
        <h2 id={titleId}>{t('cross-section.title')}</h2>
        <button type="button" className="icon-button icon-button--plain" aria-label={t('cross-section.close')} onClick={close}>
          ×
        </button>
      </div>
      <div className="map-panel__body cross-section__body">
        {state.phase === 'drawing' ? <Drawing state={state} controller={controller} t={t} /> : null}
        {state.phase === 'loading' ? (
          <p className="cross-section__message" role="status">
            {t('cross-section.loading')}
          </p>
        ) : null}
        {state.phase === 'problem' && state.problem ? (
          <p className="cross-section__message cross-section__problem" role="alert" data-testid="cross-section-problem">
            {t(state.problem.id, state.problem.values)}
          </p>
        ) : null}
        {state.phase === 'ready' && state.profile ? <Result state={state} profile={state.profile} controller={controller} t={t} language={intl.locale as Language} /> : null}
        {state.phase === 'ready' || state.phase === 'problem' ? (
          <p className="cross-section__hint">{t('cross-section.hint.again')}</p>
        ) : null}
        {state.phase !== 'drawing' && state.phase !== 'idle' ? (
          <div className="cross-section__actions">
            <button type="button" className="ui-button" onClick={() => controller.restart()}>
              {t('cross-section.newLine')}
            </button>
          </div>
        ) : null}
        <p className="cross-section__status" role="status" aria-live="polite">
          {state.status ? t(state.status.id, state.status.values) : ''}
        </p>
      </div>
    </section>
  );
}

function Drawing({ state, controller, t }: { state: CrossSectionState; controller: CrossSectionController; t: Format }) {
  // The buttons first: on a short screen the panel scrolls, and they are what drawing needs.
  return (
    <>
      <div className="cross-section__actions">
        <button type="button" className="ui-button ui-button--primary" disabled={state.points.length < 2} onClick={() => controller.finish()}>
          {t('cross-section.finish')}
        </button>
        <button type="button" className="ui-button" disabled={state.points.length === 0} onClick={() => controller.undo()}>
          {t('cross-section.undo')}
        </button>
        <span className="cross-section__points">{t('cross-section.points', { count: state.points.length })}</span>
      </div>
      <p className="cross-section__hint">
        {t('cross-section.hint.draw')} {t('cross-section.hint.keys')}
      </p>
    </>
  );
}

/** The chart's width follows the panel's (which follows the screen), CSS pixels. */
function useWidth(element: HTMLElement | null): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    if (!element) return undefined;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

function Result({ state, profile, controller, t, language }: { state: CrossSectionState; profile: Profile; controller: CrossSectionController; t: Format; language: Language }) {
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const width = useWidth(box);
  const height = chartHeight();
  const layout = useMemo<ChartLayout | null>(() => (width > 0 ? chartLayout(profile, { width, height }, language) : null), [profile, width, height, language]);
  const summary = useMemo(() => summarise(profile), [profile]);
  const markName = state.mark ? state.mark.names[language] : undefined;
  const texts = useMemo(
    () => ({
      distanceAxis: t(layout?.distanceUnit === 'km' ? 'cross-section.axis.distanceKm' : 'cross-section.axis.distanceM'),
      heightAxis: t('cross-section.axis.height'),
      markLabel: markName,
    }),
    // `t` is a new function each render; the texts change only with the language, the unit and the mark.
    [language, layout?.distanceUnit, markName],
  );

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !layout) return;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.round(layout.size.width * ratio);
    canvas.height = Math.round(layout.size.height * ratio);
    const context = canvas.getContext('2d');
    if (!context) return;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    drawChart(context, layout, profile.samples, texts, { cursorIndex: state.cursorIndex, markDistanceMetres: state.markDistanceMetres });
  }, [layout, profile, texts, state.cursorIndex, state.markDistanceMetres]);

  const exportPng = () => {
    if (!layout) return;
    // Drawn again at twice the size for print, without the cursor, on a canvas of its own.
    const canvas = document.createElement('canvas');
    const scale = 2;
    canvas.width = layout.size.width * scale;
    canvas.height = layout.size.height * scale;
    const context = canvas.getContext('2d');
    if (!context) return;
    context.scale(scale, scale);
    drawChart(context, layout, profile.samples, texts, { cursorIndex: -1, markDistanceMetres: state.markDistanceMetres });
    canvas.toBlob((blob) => {
      if (blob) downloadBlob(blob, exportFileName(profile, 'png'));
    }, 'image/png');
  };

  const sample = profile.samples[state.cursorIndex];
  const reading = sample ? readingText(t, sample, language) : t('cross-section.cursor.none');
  const named = profile.buildings.map((building) => buildingName(building.name, language)).filter((name): name is string => name !== null);
  const unnamed = profile.buildings.length - named.length;

  return (
    <>
      <div ref={setBox} className="cross-section__chart-box">
        <canvas
          ref={canvasRef}
          className="cross-section__chart"
          style={{ width: '100%', height: `${height}px` }}
          tabIndex={0}
          role="slider"
          aria-label={t('cross-section.chart.label')}
          aria-valuemin={0}
          aria-valuemax={Math.round(profile.lengthMetres)}
          aria-valuenow={sample ? Math.round(sample.distanceMetres) : 0}
          aria-valuetext={reading}
          data-testid="cross-section-chart"
          onMouseMove={(event) => {
            if (!layout) return;
            const rect = event.currentTarget.getBoundingClientRect();
            controller.setCursor(sampleIndexAtX(layout, profile.samples, event.clientX - rect.left));
          }}
          onKeyDown={(event) => {
            const next = cursorAfterKey(event.key, state.cursorIndex, profile.samples.length);
            if (next === null) return;
            event.preventDefault();
            controller.setCursor(next);
          }}
        />
      </div>
      <p className="cross-section__reading" data-testid="cross-section-reading">
        {reading}
      </p>
      <dl className="cross-section__summary" data-testid="cross-section-summary">
        <Figure name="length" label={t('cross-section.summary.length')} value={profile.lengthMetres} text={lengthText(t, profile.lengthMetres)} />
        {summary.highestGround ? (
          <Figure name="highest-ground" label={t('cross-section.summary.highestGround')} value={summary.highestGround.metres} text={heightText(t, summary.highestGround.metres)} />
        ) : null}
        {summary.lowestGround ? (
          <Figure name="lowest-ground" label={t('cross-section.summary.lowestGround')} value={summary.lowestGround.metres} text={heightText(t, summary.lowestGround.metres)} />
        ) : null}
        {summary.highestRoof ? (
          <Figure name="highest-roof" label={t('cross-section.summary.highestRoof')} value={summary.highestRoof.metres} text={heightText(t, summary.highestRoof.metres)} />
        ) : null}
        <Figure name="buildings" label={t('cross-section.summary.buildings')} value={summary.buildingCount} text={String(summary.buildingCount)} />
      </dl>
      {named.length > 0 || unnamed > 0 ? (
        <p className="cross-section__buildings">
          {[...new Set(named)].join(' · ')}
          {unnamed > 0 ? `${named.length > 0 ? ' · ' : ''}${t('cross-section.buildings.unnamed', { count: unnamed })}` : ''}
        </p>
      ) : null}
      <p className="cross-section__note">{t('cross-section.note.heights')}</p>
      <p className="cross-section__note">{t('cross-section.note.source', { attribution: profile.attribution })}</p>
      <div className="cross-section__actions">
        <button type="button" className="ui-button" onClick={() => downloadBlob(new Blob([profileToCsv(profile, language)], { type: 'text/csv' }), exportFileName(profile, 'csv'))}>
          {t('cross-section.export.csv')}
        </button>
        <button type="button" className="ui-button" disabled={!layout} onClick={exportPng}>
          {t('cross-section.export.png')}
        </button>
      </div>
    </>
  );
}

function Figure({ name, label, value, text }: { name: string; label: string; value: number; text: string }) {
  return (
    <div className="cross-section__figure" data-summary={name}>
      <dt>{label}</dt>
      <dd data-value={value}>{text}</dd>
    </div>
  );
}

/** "At 1.23 km: ground 456.7 m, roof 480.0 m (name)". */
function readingText(t: Format, sample: Profile['samples'][number], language: Language): string {
  const where = lengthText(t, sample.distanceMetres);
  const ground = sample.groundMetres === null ? t('cross-section.cursor.noGround') : t('cross-section.cursor.ground', { height: heightText(t, sample.groundMetres) });
  if (sample.roofMetres === null) return t('cross-section.cursor.reading', { distance: where, ground });
  const name = buildingName(sample.buildingName, language) ?? t('cross-section.buildings.one');
  return t('cross-section.cursor.readingRoof', { distance: where, ground, roof: heightText(t, sample.roofMetres), building: name });
}
