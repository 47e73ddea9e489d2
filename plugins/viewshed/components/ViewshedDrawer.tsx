/**
 * The view shed drawer: the observer (placed on the map; its place, and buttons to place it again or clear), the five
 * settings (a number field and a slider each, checked as typed with a message naming the field and its range), the
 * Compute button, the state of the computation, the share of the area visible and the legend of the two colours.
 */
import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { viewshedController } from '../context';
import { FIELD_RANGES, FIELDS, type ViewshedField } from '../parameters';
import { VIEWSHED_COLOURS, type ViewshedController } from '../viewshedController';
import '../../../core/ui/controls.css';
import './viewshed.css';

export default function ViewshedDrawer() {
  const controller = viewshedController();
  return controller ? <Drawer controller={controller} /> : null;
}

function Drawer({ controller }: { controller: ViewshedController }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  const hasProblem = FIELDS.some((field) => state.problems[field]);
  const { observer, summary } = state;

  return (
    <div className="viewshed" data-testid="viewshed-drawer">
      <p className="viewshed__note">{t('viewshed.intro')}</p>
      <section className="viewshed__observer" aria-label={t('viewshed.observer.heading')}>
        <h3>{t('viewshed.observer.heading')}</h3>
        <p data-testid="viewshed-observer">
          {observer
            ? t('viewshed.observer.at', {
                longitude: observer.longitude.toFixed(5),
                latitude: observer.latitude.toFixed(5),
              })
            : t('viewshed.observer.none')}
        </p>
        {state.placing ? <p className="viewshed__note">{t('viewshed.placing.hint')}</p> : null}
        <div className="viewshed__buttons">
          <button type="button" className="ui-button" aria-pressed={state.placing} onClick={() => (state.placing ? controller.stopPlacing() : controller.startPlacing())}>
            {state.placing ? t('viewshed.placing.stop') : t('viewshed.placing.start')}
          </button>
        </div>
      </section>
      {FIELDS.map((field) => (
        <SettingField key={field} field={field} controller={controller} />
      ))}
      <div className="viewshed__buttons">
        <button
          type="button"
          className="ui-button ui-button--primary"
          disabled={!observer || hasProblem || state.status === 'computing'}
          onClick={() => void controller.compute()}
          data-testid="viewshed-compute"
        >
          {t('viewshed.compute')}
        </button>
        <button type="button" className="ui-button" disabled={!observer} onClick={() => controller.clear()}>
          {t('viewshed.clear')}
        </button>
      </div>
      {!observer ? <p className="viewshed__note">{t('viewshed.needObserver')}</p> : null}
      <div role="status" aria-live="polite">
        {state.status === 'computing' ? <p>{t('viewshed.computing')}</p> : null}
        {state.status === 'ready' && summary ? (
          <p data-testid="viewshed-share">
            {t('viewshed.result', {
              percent: intl.formatNumber(summary.visibleShare * 100, { maximumFractionDigits: 1 }),
              visible: summary.buildingsVisible,
              buildings: summary.buildingsTotal,
              cell: summary.cellSizeMetres,
            })}
          </p>
        ) : null}
      </div>
      {state.status === 'failed' && state.failure ? (
        <p role="alert" className="viewshed__error">
          {t(`viewshed.failure.${state.failure}`)}
        </p>
      ) : null}
      <ul className="viewshed__legend" aria-label={t('viewshed.legend')}>
        <li>
          <span className="viewshed__swatch" style={{ background: VIEWSHED_COLOURS.visible }} aria-hidden="true" />
          {t('viewshed.legend.visible')}
        </li>
        <li>
          <span className="viewshed__swatch" style={{ background: VIEWSHED_COLOURS.hidden }} aria-hidden="true" />
          {t('viewshed.legend.hidden')}
        </li>
        <li>
          <span className="viewshed__swatch viewshed__swatch--round" style={{ background: VIEWSHED_COLOURS.observer }} aria-hidden="true" />
          {t('viewshed.legend.observer')}
        </li>
        <li>
          <span className="viewshed__swatch viewshed__swatch--round" style={{ background: VIEWSHED_COLOURS.handle }} aria-hidden="true" />
          {t('viewshed.legend.handle')}
        </li>
      </ul>
      <p className="viewshed__note">{t('viewshed.keys')}</p>
    </div>
  );
}

/** One setting: a number field and a slider over the same range; what is typed is checked as it is typed. */
function SettingField({ field, controller }: { field: ViewshedField; controller: ViewshedController }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  const value = state.settings[field];
  const problem = state.problems[field];
  const [text, setText] = useState(String(value));
  // A value set elsewhere (slider, drag, keys, share link) replaces the text unless the text is a refused one.
  useEffect(() => {
    if (!problem) setText(String(value));
  }, [value, problem]);
  const id = useId();
  const errorId = `${id}-error`;
  const { min, max, step } = FIELD_RANGES[field];
  const label = t(`viewshed.field.${field}`);
  const change = (next: string) => {
    setText(next);
    controller.setField(field, next);
  };
  return (
    <div className="viewshed__field">
      <label htmlFor={id}>{label}</label>
      <div className="viewshed__inputs">
        <input
          id={id}
          type="number"
          inputMode="decimal"
          min={min}
          max={max}
          step={step}
          value={text}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          onChange={(event) => change(event.target.value)}
          data-testid={`viewshed-${field}`}
        />
        <input
          type="range"
          min={min}
          max={max}
          step={step}
          value={value}
          aria-label={t('viewshed.slider', { field: label })}
          onChange={(event) => change(event.target.value)}
        />
      </div>
      {problem ? (
        <p id={errorId} className="viewshed__error" role="alert">
          {t('viewshed.invalid', { field: label, min: problem.min, max: problem.max })}
        </p>
      ) : null}
    </div>
  );
}
