/**
 * The A&E drawer body (drawer `aande`): the waiting-time feed's state (SPEC §4 real-time panel: updating, last
 * data, countdown, data error), the three ways to choose an origin, the drawer's messages (SPEC §8: location, sky,
 * water, no facility within range), and the hospitals with waiting time, driving distance and time and estimated
 * arrival (Hong Kong time), sortable; a hospital's button draws its route.
 */
import { useEffect, useId, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { useStore } from 'zustand';
import { HONG_KONG_TIME_ZONE } from '../../../core/overlay/popupContent';
import { formatCountdown } from '../../../core/overlay/RealtimePanel';
import type { Language } from '../../../core/plugin/types';
import { appStore } from '../../../core/store';
import { aeSlice, type AeState } from '../aeController';
import { drivingKilometres, drivingMinutes, hospitalRows, SORT_ORDERS, sortRows, type HospitalRow, type SortOrder } from '../aeList';
import { aeController } from '../context';
import './ae-drawer.css';

const clock = (intl: IntlShape, at: number) => intl.formatTime(at, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: HONG_KONG_TIME_ZONE });
const dateTime = (intl: IntlShape, at: number) => intl.formatDate(at, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23', timeZone: HONG_KONG_TIME_ZONE });

/** Now, once a second while `ticking` (the countdown). */
function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}

function waitText(intl: IntlShape, row: HospitalRow): string {
  if (row.waitMinutes === null) return intl.formatMessage({ id: 'accidentEmergency.list.noWait' });
  if (row.waitMinutes < 60) return intl.formatMessage({ id: 'accidentEmergency.list.waitMinutes' }, { minutes: Math.round(row.waitMinutes) });
  return intl.formatMessage({ id: 'accidentEmergency.list.waitHours' }, { hours: Math.round((row.waitMinutes / 60) * 10) / 10 });
}

function FeedState({ feed }: { feed: AeState['feed'] }) {
  const intl = useIntl();
  const counting = feed.phase !== 'updating' && feed.nextRefreshAt !== null;
  const now = useNow(counting);
  const observed = feed.data?.source.observedAt ? Date.parse(feed.data.source.observedAt) : feed.lastDataAt;
  return (
    <section className="ae-drawer__feed" data-state={feed.phase} aria-label={intl.formatMessage({ id: 'accidentEmergency.feed.title' })}>
      <div aria-live="polite">
        {feed.phase === 'updating' ? <p className="ae-drawer__status">{intl.formatMessage({ id: 'map.realtime.updating' })}</p> : null}
        {feed.phase === 'unavailable' ? <p className="ae-drawer__status ae-drawer__status--error">{intl.formatMessage({ id: 'map.realtime.unavailable' })}</p> : null}
        {observed ? <p>{intl.formatMessage({ id: 'map.realtime.lastData' }, { time: dateTime(intl, observed) })}</p> : null}
        {feed.data?.sample ? <p className="ae-drawer__sample">{intl.formatMessage({ id: 'accidentEmergency.feed.sample' })}</p> : null}
      </div>
      {counting ? (
        <p role="timer">{intl.formatMessage({ id: 'map.realtime.nextUpdate' }, { countdown: formatCountdown(feed.nextRefreshAt! - now) })}</p>
      ) : null}
    </section>
  );
}

function HospitalItem({ row, selected, routed, onSelect }: { row: HospitalRow; selected: boolean; routed: boolean; onSelect: () => void }) {
  const intl = useIntl();
  const language = intl.locale as Language;
  const name = row.name[language] ?? row.name['en-US'];
  const drive =
    row.reach === 'reached' && row.drivingMetres !== null && row.drivingSeconds !== null && row.arrivalAt !== null
      ? intl.formatMessage(
          { id: 'accidentEmergency.list.drive' },
          { km: drivingKilometres(row.drivingMetres), minutes: drivingMinutes(row.drivingSeconds), arrival: clock(intl, row.arrivalAt) },
        )
      : row.reach === 'unreachable'
        ? intl.formatMessage({ id: 'accidentEmergency.list.unreachable' })
        : null;
  return (
    <li className={selected ? 'ae-drawer__hospital is-selected' : 'ae-drawer__hospital'} data-hospital={row.key}>
      <div className="ae-drawer__hospital-text">
        <span className="ae-drawer__hospital-name">{name}</span>
        <span>
          {intl.formatMessage({ id: 'accidentEmergency.list.waitLabel' })} {waitText(intl, row)}
          {row.resuscitationInProgress ? ` · ${intl.formatMessage({ id: 'accidentEmergency.list.resuscitation' })}` : ''}
        </span>
        {drive ? <span className="ae-drawer__drive">{drive}</span> : null}
      </div>
      {routed && row.reach === 'reached' ? (
        <button
          type="button"
          className="ae-drawer__route-button"
          aria-pressed={selected}
          aria-label={intl.formatMessage({ id: 'accidentEmergency.list.routeTo' }, { name })}
          onClick={onSelect}
        >
          {intl.formatMessage({ id: selected ? 'accidentEmergency.list.routeShown' : 'accidentEmergency.list.showRoute' })}
        </button>
      ) : null}
    </li>
  );
}

export default function AeDrawer() {
  const intl = useIntl();
  const controller = aeController();
  const state = useStore(controller?.store ?? appStore, (store) => aeSlice.select(store));
  const sortId = useId();

  useEffect(() => {
    if (!controller) return undefined;
    controller.open();
    return () => controller.close();
  }, [controller]);

  if (!controller) return null;
  const routed = state.driving !== null && state.driving.hospitals.length > 0;
  const rows = sortRows(hospitalRows(state.feed.data, state.driving, state.routedAt), routed ? state.sort : 'wait');
  const busy = state.choosing !== null || state.routing;
  const message = state.message;

  return (
    <div className="ae-drawer">
      <p className="ae-drawer__intro">{intl.formatMessage({ id: 'accidentEmergency.intro' })}</p>
      <FeedState feed={state.feed} />

      <fieldset className="ae-drawer__origin">
        <legend>{intl.formatMessage({ id: 'accidentEmergency.origin.legend' })}</legend>
        <div className="ae-drawer__origin-buttons">
          <button type="button" onClick={() => controller.useGps()} disabled={state.choosing === 'gps'} aria-pressed={state.origin?.source === 'gps'}>
            {intl.formatMessage({ id: 'accidentEmergency.origin.gps' })}
          </button>
          <button type="button" onClick={() => controller.pickOnMap()} aria-pressed={state.choosing === 'pin' || state.origin?.source === 'pin'}>
            {intl.formatMessage({ id: 'accidentEmergency.origin.pin' })}
          </button>
          <button type="button" onClick={() => void controller.useScreenCentre()} disabled={state.choosing === 'centre'} aria-pressed={state.origin?.source === 'centre'}>
            {intl.formatMessage({ id: 'accidentEmergency.origin.centre' })}
          </button>
        </div>
        {state.origin ? (
          <p className="ae-drawer__origin-text">
            {intl.formatMessage(
              { id: `accidentEmergency.origin.chosen.${state.origin.source}` },
              { latitude: state.origin.latitude.toFixed(4), longitude: state.origin.longitude.toFixed(4) },
            )}
            {state.driving?.origin.road && state.driving.status === 'ok'
              ? ` ${intl.formatMessage({ id: 'accidentEmergency.origin.accessLeg' }, { metres: Math.round(state.driving.origin.road.accessLegMetres) })}`
              : ''}
          </p>
        ) : null}
      </fieldset>

      <div aria-live="polite" className="ae-drawer__messages">
        {busy ? <p className="ae-drawer__status">{intl.formatMessage({ id: state.routing ? 'accidentEmergency.routing' : `accidentEmergency.choosing.${state.choosing}` })}</p> : null}
        {message ? (
          <p className={`ae-drawer__message ae-drawer__message--${message.severity}`} role={message.severity === 'info' ? undefined : 'alert'}>
            {intl.formatMessage({ id: message.id }, message.values)}
          </p>
        ) : null}
      </div>

      {routed ? (
        <label className="ae-drawer__sort" htmlFor={sortId}>
          <span>{intl.formatMessage({ id: 'accidentEmergency.sort.label' })}</span>
          <select id={sortId} value={state.sort} onChange={(event) => controller.setSort(event.currentTarget.value as SortOrder)}>
            {SORT_ORDERS.map((order) => (
              <option key={order} value={order}>
                {intl.formatMessage({ id: `accidentEmergency.sort.${order}` })}
              </option>
            ))}
          </select>
        </label>
      ) : null}

      <ol className="ae-drawer__list" aria-label={intl.formatMessage({ id: 'accidentEmergency.list.label' })}>
        {rows.map((row) => (
          <HospitalItem key={row.key} row={row} routed={routed} selected={state.selected === row.key} onSelect={() => void controller.select(row.key)} />
        ))}
      </ol>
      <p className="ae-drawer__note">{intl.formatMessage({ id: 'accidentEmergency.note' })}</p>
    </div>
  );
}
