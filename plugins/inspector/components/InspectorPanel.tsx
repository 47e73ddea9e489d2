/**
 * The inspector panel (slot `map.top-left`): while the tool is on, the clicked point's coordinates and the
 * camera, each with a Copy button named after its value; a hint until the first click; Escape or the close
 * button ends the tool.
 */
import { useEffect, useId, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { appStore } from '../../../core/store';
import { useCopyToClipboard } from '../../../core/ui/useCopyToClipboard';
import { inspectorController } from '../context';
import { cameraRows, pointRows, type InspectorRow } from '../inspection';
import { INSPECTOR_TOOL, type InspectorController } from '../inspectorController';
import '../../../core/ui/mapPanel.css';
import './inspector.css';

export default function InspectorPanel() {
  const controller = inspectorController();
  if (!controller) return null;
  return <Panel controller={controller} />;
}

function Panel({ controller }: { controller: InspectorController }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  const titleId = useId();
  if (!state.active) return null;
  return (
    <section className="map-panel inspector" aria-labelledby={titleId} data-testid="inspector-panel">
      <div className="map-panel__header">
        <h2 id={titleId}>{t('inspector.title')}</h2>
        <button type="button" className="icon-button icon-button--plain" aria-label={t('inspector.close')} onClick={() => appStore.getState().setToggle(INSPECTOR_TOOL, false)}>
          ×
        </button>
      </div>
      <div className="map-panel__body inspector__body">
        {state.point ? (
          <>
            <h3>{t(`inspector.point.title.${state.point.surface}`)}</h3>
            <Rows rows={pointRows(state.point)} />
            <p className="inspector__note">{t('inspector.heightNote')}</p>
          </>
        ) : (
          <p>{t('inspector.hint')}</p>
        )}
        {state.camera ? (
          <>
            <h3>{t('inspector.camera.title')}</h3>
            <Rows rows={cameraRows(state.camera)} />
          </>
        ) : null}
      </div>
    </section>
  );
}

function Rows({ rows }: { rows: InspectorRow[] }) {
  return (
    <dl className="inspector__rows">
      {rows.map((row) => (
        <CopyRow key={row.id} row={row} />
      ))}
    </dl>
  );
}

function CopyRow({ row }: { row: InspectorRow }) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: row.label });
  const { state, copy, reset } = useCopyToClipboard();
  // A new click gives a new value: the old "Copied" no longer applies.
  useEffect(reset, [row.value, reset]);
  return (
    <div className="inspector__row" data-row={row.id}>
      <dt>{label}</dt>
      <dd>
        <output>{row.value}</output>
        <button type="button" className="inspector__copy" aria-label={intl.formatMessage({ id: 'inspector.copy' }, { label })} onClick={() => void copy(row.value)}>
          {intl.formatMessage({ id: 'inspector.copyShort' })}
        </button>
        <span className="inspector__copied" aria-live="polite">
          {state === 'idle' ? '' : intl.formatMessage({ id: `inspector.copy.${state}` })}
        </span>
      </dd>
    </div>
  );
}
