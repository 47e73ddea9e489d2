/**
 * The comparison drawer: the then-and-now pairs, each with what its two views show (year, source, licence; the 2016
 * rail network marked out of date) and a button opening it side by side in the multi view; while a pair is open,
 * the places worth looking at as buttons that fly both views there, and a button ending the comparison. On phones
 * and small screens it says the comparison is not available there (SPEC §5) and offers nothing to open.
 */
import { useIntl } from 'react-intl';
import { useStore } from 'zustand';
import { comparison } from '../context';
import { comparisonSlice, type ComparisonController } from '../controller';
import { COMPARISON_PAIRS, type ComparisonPair } from '../pairs';
import '../../../core/ui/controls.css';
import './comparison.css';

export default function ComparisonDrawer() {
  const controller = comparison();
  return controller ? <Drawer controller={controller} /> : null;
}

function Drawer({ controller }: { controller: ComparisonController }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const state = useStore(controller.store, (store) => comparisonSlice.select(store));
  if (state.status === 'blocked') {
    return (
      <div className="comparison" data-testid="comparison-drawer">
        <p role="alert">{t('comparison.mobileBlocked')}</p>
      </div>
    );
  }
  return (
    <div className="comparison" data-testid="comparison-drawer">
      <p className="comparison__note">{t('comparison.intro')}</p>
      {state.status === 'opening' ? <p role="status">{t('comparison.opening')}</p> : null}
      {state.status === 'failed' ? (
        <p role="alert" className="comparison__failure">
          {t('comparison.failed', { reason: state.failure ?? '' })}
        </p>
      ) : null}
      <ul className="comparison__pairs">
        {COMPARISON_PAIRS.map((pair) => (
          <li key={pair.id}>
            <Pair pair={pair} open={state.pair === pair.id} ready={state.pair === pair.id && state.status === 'open'} controller={controller} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function Pair({ pair, open, ready, controller }: { pair: ComparisonPair; open: boolean; ready: boolean; controller: ComparisonController }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const headingId = `comparison-pair-${pair.id}`;
  return (
    <section className={open ? 'comparison__pair is-open' : 'comparison__pair'} aria-labelledby={headingId} data-pair={pair.id}>
      <h3 id={headingId}>{t(pair.nameId)}</h3>
      <dl className="comparison__sides">
        {pair.sides.map((side) => (
          <div key={side.titleId} className="comparison__side">
            <dt>
              {t(side.titleId)}
              {side.outOfDate ? <span className="comparison__out-of-date">{t('comparison.outOfDate')}</span> : null}
            </dt>
            <dd>{t(side.sourceId)}</dd>
            <dd className="comparison__licence">{t('comparison.licence', { licence: t(side.licenceId) })}</dd>
          </div>
        ))}
      </dl>
      {open ? (
        <>
          {ready ? (
            <div className="comparison__places" role="group" aria-label={t('comparison.places')}>
              <span className="comparison__places-title">{t('comparison.places')}</span>
              {pair.places.map((place) => (
                <button key={place.id} type="button" className="ui-button comparison__place" data-place={place.id} onClick={() => controller.flyTo(place.id)}>
                  {t(place.labelId)}
                </button>
              ))}
            </div>
          ) : null}
          <button type="button" className="ui-button comparison__action" onClick={() => controller.close()}>
            {t('comparison.close')}
          </button>
        </>
      ) : (
        <button
          type="button"
          className="ui-button ui-button--primary comparison__action"
          data-open-pair={pair.id}
          aria-label={t('comparison.openPair', { pair: t(pair.nameId) })}
          onClick={() => void controller.open(pair.id)}
        >
          {t('comparison.open')}
        </button>
      )}
    </section>
  );
}
