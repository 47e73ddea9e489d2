/**
 * The railway identify panel (slot `map.top-left`): while the tool is on, the named line, its branches' ends, the
 * station nearest the click and every station in line order; when the data arrived and how often they are
 * fetched again. Escape or the close button ends the tool.
 */
import { useId, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { appStore } from '../../../core/store';
import type { Language } from '../../../core/plugin/types';
import type { RailwayLine } from '../../../core/contracts/railways';
import { railwayIdentify } from '../context';
import { RAILWAY_IDENTIFY_TOOL, type RailwayIdentify, type RailwayIdentifyState } from '../railwayIdentify';
import '../../../core/ui/mapPanel.css';
import './railway-identify.css';

export default function RailwayPanel() {
  const context = railwayIdentify();
  if (!context) return null;
  return <Panel tool={context.tool} refreshIntervalMs={context.refreshIntervalMs} />;
}

function Panel({ tool, refreshIntervalMs }: { tool: RailwayIdentify; refreshIntervalMs: number }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const state = useSyncExternalStore(tool.subscribe, tool.getState);
  const titleId = useId();
  if (!state.active) return null;
  const language = intl.locale as Language;
  return (
    <section className="map-panel railway-identify" aria-labelledby={titleId} data-testid="railway-identify-panel">
      <div className="map-panel__header">
        <h2 id={titleId}>{t('railwayIdentify.title')}</h2>
        <button type="button" className="icon-button icon-button--plain" aria-label={t('railwayIdentify.close')} onClick={() => appStore.getState().setToggle(RAILWAY_IDENTIFY_TOOL, false)}>
          ×
        </button>
      </div>
      <div className="map-panel__body railway-identify__body">
        <p role="status">{statusText(state, t)}</p>
        {state.selected ? <LineDetails line={state.selected.line} nearest={state.selected.nearestStation.name[language]} language={language} /> : null}
        {state.loadedAt !== null ? (
          <p className="railway-identify__freshness">
            {t('railwayIdentify.freshness', { time: intl.formatTime(state.loadedAt, { hour: '2-digit', minute: '2-digit', second: '2-digit' }), seconds: Math.round(refreshIntervalMs / 1000) })}
          </p>
        ) : null}
      </div>
    </section>
  );
}

function statusText(state: RailwayIdentifyState, t: (id: string, values?: Record<string, string | number>) => string): string {
  if (state.status === 'unavailable') return t('railwayIdentify.unavailable');
  if (state.status === 'loading') return t('railwayIdentify.loading');
  if (state.selected) return t('railwayIdentify.named');
  return t(state.missed ? 'railwayIdentify.missed' : 'railwayIdentify.hint');
}

function LineDetails({ line, nearest, language }: { line: RailwayLine; nearest: string; language: Language }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const names = new Map(line.stations.map((station) => [station.code, station.name[language]]));
  return (
    <div className="railway-identify__line" data-line={line.line}>
      <h3>{t('railwayIdentify.lineName', { name: line.name[language], code: line.line })}</h3>
      <ul className="railway-identify__branches">
        {line.branches.map((branch) => (
          <li key={branch.join('-')}>{t('railwayIdentify.branch', { from: names.get(branch[0]) ?? branch[0], to: names.get(branch[branch.length - 1]) ?? branch[branch.length - 1] })}</li>
        ))}
      </ul>
      <p>{t('railwayIdentify.nearest', { station: nearest })}</p>
      <h4>{t('railwayIdentify.stations', { count: line.stations.length })}</h4>
      <ol className="railway-identify__stations">
        {line.stations.map((station) => (
          <li key={station.code}>{station.name[language]}</li>
        ))}
      </ol>
    </div>
  );
}
