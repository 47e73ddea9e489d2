/**
 * First-person view's panel (slot `map.top-left`): a Cancel (while choosing) or Exit (while walking) button in
 * its title bar; what to click (or a button to stand at the map's centre, for the keyboard), or the controls (keys, drag, Shift, Esc) and a polite note when a wall stops the
 * walker. Either button switches the tool off through the store, so its button and analytics follow.
 */
import { useId, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { appStore } from '../../../core/store';
import { walkController } from '../context';
import { FIRST_PERSON_TOOL, type WalkController } from '../walkController';
import '../../../core/ui/mapPanel.css';
import '../../../core/ui/controls.css';
import './first-person.css';

/** The rows of the controls list: the key (or gesture) and what it does, as message id suffixes. */
const CONTROLS = ['forward', 'back', 'sideways', 'turn', 'drag', 'run', 'escape'] as const;

export default function FirstPersonPanel() {
  const controller = walkController();
  if (!controller) return null;
  return <Panel controller={controller} />;
}

function Panel({ controller }: { controller: WalkController }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  const titleId = useId();
  if (state.phase === 'off') return null;
  const walking = state.phase === 'walking';
  const leave = () => appStore.getState().setToggle(FIRST_PERSON_TOOL, false);
  return (
    <section className="map-panel first-person" aria-labelledby={titleId} data-testid="first-person-panel" data-phase={state.phase}>
      {/* The way out first, in the title bar: the panel may be cut short where the map's corner is small. */}
      <div className="map-panel__header">
        <h2 id={titleId}>{t('firstPerson.title')}</h2>
        <button type="button" className="ui-button ui-button--primary" aria-label={t(walking ? 'firstPerson.exit' : 'firstPerson.cancel')} onClick={leave}>
          {t(walking ? 'firstPerson.exitShort' : 'firstPerson.cancelShort')}
        </button>
      </div>
      <div className="map-panel__body first-person__body">
        {state.phase === 'choosing' ? (
          <>
            <p>{t('firstPerson.choosing')}</p>
            {/* The keyboard's way to choose a place: what lies at the centre of the map. */}
            <button type="button" className="ui-button first-person__centre" onClick={() => void controller.enterAtCentre()}>
              {t('firstPerson.centre')}
            </button>
          </>
        ) : null}
        {state.phase === 'entering' ? <p>{t('firstPerson.entering')}</p> : null}
        {walking ? (
          <>
            <h3>{t('firstPerson.controls.title')}</h3>
            <dl className="first-person__controls">
              {CONTROLS.map((control) => (
                <div key={control} className="first-person__control">
                  <dt>
                    <kbd>{t(`firstPerson.key.${control}`)}</kbd>
                  </dt>
                  <dd>{t(`firstPerson.action.${control}`)}</dd>
                </div>
              ))}
            </dl>
          </>
        ) : null}
        <p className="first-person__blocked" role="status" aria-live="polite">
          {walking && state.blocked ? t('firstPerson.blocked') : ''}
        </p>
      </div>
    </section>
  );
}
