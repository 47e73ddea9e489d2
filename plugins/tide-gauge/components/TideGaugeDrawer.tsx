/**
 * The tide gauge drawer: a station list and a date, then the day's tide curve (SVG: height above chart datum
 * against Hong Kong time) with its high and low waters marked and listed, what made the figures (HKO's predictions,
 * the harmonic fit, or HKO live) and the department running the gauge. A station without a prediction says so;
 * Quarry Bay then shows HKO's yearly tide levels. SPEC §8: 'Retrieving data...' while waiting, "data source
 * currently unavailable" when the data service or HKO fails.
 */
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { useStore } from 'zustand';
import type { TideCurveKind, TideDay, TideStationCode } from '../../../core/contracts/tides';
import type { Language } from '../../../core/plugin/types';
import { appStore } from '../../../core/store';
import { tideGauge } from '../context';
import { tideGaugeSlice } from '../controller';
import { CHART_BOX, tideChart } from '../curve';
import './tide-gauge.css';

const NAME_PROPERTY: Record<Language, 'key_EN' | 'key_TC' | 'key_SC'> = { 'en-US': 'key_EN', 'zh-HK': 'key_TC', 'zh-CN': 'key_SC' };

function TideChart({ day, language }: { day: TideDay; language: Language }) {
  const intl = useIntl();
  const chart = day.curve ? tideChart(day.curve.points, day.extremes?.items ?? []) : null;
  if (!chart) return null;
  const { width, height, left, right, top, bottom } = CHART_BOX;
  return (
    <svg
      className="tide-gauge__chart"
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={intl.formatMessage({ id: 'tideGauge.chart.label' }, { station: day.name[language], date: day.date })}
    >
      {chart.heightTicks.map((tick) => (
        <g key={`h${tick.heightM}`}>
          <line className="tide-gauge__grid" x1={left} x2={width - right} y1={tick.y} y2={tick.y} />
          <text className="tide-gauge__tick" x={left - 4} y={tick.y + 3} textAnchor="end">
            {tick.heightM.toFixed(1)}
          </text>
        </g>
      ))}
      {chart.hourTicks.map((tick) => (
        <text key={`t${tick.hour}`} className="tide-gauge__tick" x={tick.x} y={height - bottom + 14} textAnchor={tick.hour === 24 ? 'end' : tick.hour === 0 ? 'start' : 'middle'}>
          {`${String(tick.hour).padStart(2, '0')}:00`}
        </text>
      ))}
      <text className="tide-gauge__tick" x={2} y={top - 2}>
        m
      </text>
      <path className={`tide-gauge__curve tide-gauge__curve--${day.curve!.kind}`} d={chart.path} />
      {chart.marks.map((mark) => (
        <g key={`${mark.type}${mark.minutes}`} className={`tide-gauge__mark tide-gauge__mark--${mark.type}`} data-extreme={mark.type}>
          <circle cx={mark.x} cy={mark.y} r={3.5} />
          <text x={mark.x} y={mark.type === 'high' ? mark.y - 7 : mark.y + 13} textAnchor="middle">
            {mark.time}
          </text>
        </g>
      ))}
    </svg>
  );
}

function kindText(intl: ReturnType<typeof useIntl>, kind: TideCurveKind): string {
  return intl.formatMessage({ id: `tideGauge.kind.${kind}` });
}

function DayView({ day, language }: { day: TideDay; language: Language }) {
  const intl = useIntl();
  const metres = (value: number) => intl.formatMessage({ id: 'tideGauge.metres' }, { height: intl.formatNumber(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) });
  const yearly = day.yearlyLevels;
  return (
    <div className="tide-gauge__day">
      {day.liveUnavailable && (
        <p className="tide-gauge__notice" role="status">
          {intl.formatMessage({ id: 'tideGauge.liveUnavailable' })}
        </p>
      )}
      {day.curve ? (
        <TideChart day={day} language={language} />
      ) : (
        <p className="tide-gauge__none" data-testid="tide-no-prediction">
          {intl.formatMessage({ id: 'tideGauge.noPrediction' })}
        </p>
      )}
      {day.extremes && (
        <table className="tide-gauge__table">
          <caption>{intl.formatMessage({ id: 'tideGauge.table.caption' }, { date: day.date })}</caption>
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage({ id: 'tideGauge.table.type' })}</th>
              <th scope="col">{intl.formatMessage({ id: 'tideGauge.table.time' })}</th>
              <th scope="col">{intl.formatMessage({ id: 'tideGauge.table.height' })}</th>
            </tr>
          </thead>
          <tbody>
            {day.extremes.items.map((item) => (
              <tr key={`${item.type}${item.minutes}`} data-extreme={item.type}>
                <td>{intl.formatMessage({ id: `tideGauge.${item.type}` })}</td>
                <td>{item.time}</td>
                <td>{metres(item.heightM)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {yearly && (
        <table className="tide-gauge__table" data-testid="tide-yearly-levels">
          <caption>{intl.formatMessage({ id: 'tideGauge.yearly.caption' }, { year: yearly.year })}</caption>
          <tbody>
            {(
              [
                ['meanHigherHighWaterM', 'tideGauge.yearly.mhhw'],
                ['meanLowerHighWaterM', 'tideGauge.yearly.mlhw'],
                ['meanSeaLevelM', 'tideGauge.yearly.msl'],
                ['meanHigherLowWaterM', 'tideGauge.yearly.mhlw'],
                ['meanLowerLowWaterM', 'tideGauge.yearly.mllw'],
              ] as const
            ).map(([field, label]) =>
              yearly[field] === null ? null : (
                <tr key={field}>
                  <th scope="row">{intl.formatMessage({ id: label })}</th>
                  <td>{metres(yearly[field]!)}</td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      )}
      <dl className="tide-gauge__sources">
        {day.curve && (
          <>
            <dt>{intl.formatMessage({ id: 'tideGauge.source.curve' })}</dt>
            <dd data-testid="tide-curve-source">{kindText(intl, day.curve.kind)}</dd>
          </>
        )}
        {day.extremes && day.extremes.kind !== day.curve?.kind && (
          <>
            <dt>{intl.formatMessage({ id: 'tideGauge.source.extremes' })}</dt>
            <dd>{kindText(intl, day.extremes.kind)}</dd>
          </>
        )}
        {yearly && (
          <>
            <dt>{intl.formatMessage({ id: 'tideGauge.source.yearly' })}</dt>
            <dd>{intl.formatMessage({ id: 'tideGauge.operator.observatory' })}</dd>
          </>
        )}
        <dt>{intl.formatMessage({ id: 'tideGauge.operator.label' })}</dt>
        <dd>{intl.formatMessage({ id: `tideGauge.operator.${day.operator}` })}</dd>
      </dl>
      <p className="tide-gauge__hint">{intl.formatMessage({ id: 'tideGauge.datum' })}</p>
    </div>
  );
}

export default function TideGaugeDrawer() {
  const intl = useIntl();
  const language = intl.locale as Language;
  const controller = tideGauge();
  const state = useStore(controller?.store ?? appStore, (store) => tideGaugeSlice.select(store));
  const stationId = useId();
  const dateId = useId();
  if (!controller) return null;
  const dateValid = /^\d{4}-\d{2}-\d{2}$/.test(state.date) && state.date >= '1900-01-01' && state.date <= '2100-12-31';
  return (
    <div className="tide-gauge">
      {state.stationsStatus === 'unavailable' ? (
        <p className="tide-gauge__notice" role="alert">
          {intl.formatMessage({ id: 'tideGauge.unavailable' })}
        </p>
      ) : (
        <div className="tide-gauge__fields">
          <label htmlFor={stationId}>{intl.formatMessage({ id: 'tideGauge.station.label' })}</label>
          <select
            id={stationId}
            value={state.stationCode ?? ''}
            disabled={state.stationsStatus !== 'ready'}
            onChange={(event) => event.target.value && controller.selectStation(event.target.value as TideStationCode, { fly: true })}
          >
            <option value="">{intl.formatMessage({ id: state.stationsStatus === 'ready' ? 'tideGauge.station.choose' : 'tideGauge.loading' })}</option>
            {state.stations.map((station) => (
              <option key={station.code} value={station.code}>
                {station[NAME_PROPERTY[language]]}
              </option>
            ))}
          </select>
          <label htmlFor={dateId}>{intl.formatMessage({ id: 'tideGauge.date.label' })}</label>
          <input id={dateId} type="date" min="1900-01-01" max="2100-12-31" value={state.date} onChange={(event) => controller.setDate(event.target.value)} />
          {!dateValid && state.date !== '' && (
            <p className="tide-gauge__notice" role="alert">
              {intl.formatMessage({ id: 'tideGauge.date.invalid' })}
            </p>
          )}
          <p className="tide-gauge__hint">{intl.formatMessage({ id: 'tideGauge.station.mapHint' })}</p>
        </div>
      )}
      <div aria-live="polite">
        {state.dayStatus === 'loading' && <p className="tide-gauge__hint">{intl.formatMessage({ id: 'tideGauge.loading' })}</p>}
        {state.dayStatus === 'unavailable' && (
          <p className="tide-gauge__notice" role="alert">
            {intl.formatMessage({ id: 'tideGauge.unavailable' })}
          </p>
        )}
        {state.dayStatus === 'ready' && state.day && state.day.station === state.stationCode && <DayView day={state.day} language={language} />}
      </div>
    </div>
  );
}
