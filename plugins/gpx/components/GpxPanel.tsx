/**
 * The GPX panel (slot `map.top-left`): the opened file's name, what it holds, its length, ascent and descent, where
 * the elevations come from, and the elevation profile; buttons to open another file or remove this one.
 */
import { useId, useSyncExternalStore } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { gpxController } from '../context';
import type { GpxController, GpxShown } from '../gpxController';
import { profileChart } from '../profileChart';
import '../../../core/ui/mapPanel.css';
import '../../../core/ui/controls.css';
import './gpx.css';

const CHART_WIDTH = 300;
const CHART_HEIGHT = 90;

export default function GpxPanel() {
  const controller = gpxController();
  if (!controller) return null;
  return <Panel controller={controller} />;
}

/** Metres under 1 km, else kilometres with two decimals, in the page's number format. */
export function formatLength(intl: IntlShape, meters: number): string {
  return meters < 1000
    ? intl.formatMessage({ id: 'gpx.unit.m' }, { value: intl.formatNumber(Math.round(meters)) })
    : intl.formatMessage({ id: 'gpx.unit.km' }, { value: intl.formatNumber(meters / 1000, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) });
}

function Panel({ controller }: { controller: GpxController }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  const titleId = useId();
  if (state.status === 'idle') return null;
  const shown = state.shown;
  return (
    <section className="map-panel gpx-panel" aria-labelledby={titleId} data-testid="gpx-panel">
      <div className="map-panel__header">
        <h2 id={titleId}>{shown ? t('gpx.title', { name: titleOf(shown) }) : t('gpx.reading')}</h2>
        {shown ? (
          <button type="button" className="icon-button icon-button--plain" aria-label={t('gpx.close')} onClick={() => controller.clear()}>
            ×
          </button>
        ) : null}
      </div>
      {shown ? <Body shown={shown} onOpen={() => controller.choose()} /> : null}
    </section>
  );
}

function titleOf(shown: GpxShown): string {
  return shown.gpx.name ?? shown.gpx.lines.find((line) => line.name)?.name ?? shown.fileName;
}

function Body({ shown, onOpen }: { shown: GpxShown; onOpen: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { gpx, figures } = shown;
  const tracks = gpx.lines.filter((line) => line.kind === 'track').length;
  const routes = gpx.lines.filter((line) => line.kind === 'route').length;
  const chart = profileChart(figures.profile, CHART_WIDTH, CHART_HEIGHT);
  const metres = (value: number) => t('gpx.unit.m', { value: intl.formatNumber(Math.round(value)) });
  const source = shown.sampling ? 'gpx.elevation.sampling' : `gpx.elevation.${figures.elevationSource ?? 'none'}`;
  return (
    <div className="map-panel__body gpx-panel__body">
      <p className="gpx-panel__file">{shown.fileName}</p>
      <p>{t('gpx.contents', { tracks, routes, waypoints: gpx.waypoints.length })}</p>
      <dl className="gpx-panel__figures">
        <div>
          <dt>{t('gpx.figure.length')}</dt>
          <dd data-figure="length">{formatLength(intl, figures.lengthMeters)}</dd>
        </div>
        <div>
          <dt>{t('gpx.figure.ascent')}</dt>
          <dd data-figure="ascent">{figures.ascentMeters === null ? '–' : metres(figures.ascentMeters)}</dd>
        </div>
        <div>
          <dt>{t('gpx.figure.descent')}</dt>
          <dd data-figure="descent">{figures.descentMeters === null ? '–' : metres(figures.descentMeters)}</dd>
        </div>
      </dl>
      <p className="gpx-panel__note" aria-live="polite">
        {t(source)}
      </p>
      {chart ? (
        <figure className="gpx-panel__profile">
          <figcaption>
            {t('gpx.profile.title', { min: intl.formatNumber(Math.round(chart.minElevationMeters)), max: intl.formatNumber(Math.round(chart.maxElevationMeters)) })}
          </figcaption>
          <svg
            role="img"
            aria-label={t('gpx.profile.label', {
              min: intl.formatNumber(Math.round(chart.minElevationMeters)),
              max: intl.formatNumber(Math.round(chart.maxElevationMeters)),
              distance: formatLength(intl, chart.totalDistanceMeters),
            })}
            viewBox={`-2 -2 ${CHART_WIDTH + 4} ${CHART_HEIGHT + 4}`}
            preserveAspectRatio="none"
            data-testid="gpx-profile"
          >
            {chart.paths.map((path, index) => (
              <path key={index} d={path} className="gpx-panel__profile-line" vectorEffect="non-scaling-stroke" />
            ))}
          </svg>
          <div className="gpx-panel__axis" aria-hidden="true">
            <span>{formatLength(intl, 0)}</span>
            <span>{formatLength(intl, chart.totalDistanceMeters)}</span>
          </div>
        </figure>
      ) : null}
      <button type="button" className="ui-button" onClick={onOpen}>
        {t('gpx.openAnother')}
      </button>
    </div>
  );
}
