/**
 * The station routing drawer body (drawer `indoor-routing`): origin and destination, each chosen from the
 * station's exits, platforms and facilities (grouped, narrowed by what is typed) or picked on the current floor;
 * swap; the step-free option; Search and Clear; the SPEC §8 messages; the route's length, walking time, the floors
 * it passes (each a button that shows that floor) and its steps.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useStore } from 'zustand';
import type { IndoorPlace } from '../../../core/contracts/indoorRouting';
import type { Language } from '../../../core/plugin/types';
import { appStore } from '../../../core/store';
import { readOpenIndoorMap, type OpenIndoorMap } from '../../indoor/api';
import { routingController } from '../context';
import { routingSlice, type IndoorRoutingState, type RoutingController } from '../routingController';
import { groupPlaces, roundedMetres, walkingMinutes, type RouteEndpoint, type Which } from '../routePlaces';
import '../../../core/ui/controls.css';
import './indoor-routing.css';

/** The select's value for a point picked on the map (a place id never has this form). */
const PICKED_POINT = 'picked-point';

function floorName(venue: OpenIndoorMap | null, floorId: string, language: Language): string {
  return venue?.floors.find((floor) => floor.floorId === floorId)?.name[language] ?? floorId;
}

function EndpointField(props: {
  which: Which;
  endpoint: RouteEndpoint | null;
  state: IndoorRoutingState;
  venue: OpenIndoorMap | null;
  controller: RoutingController;
}) {
  const { which, endpoint, state, venue, controller } = props;
  const intl = useIntl();
  const language = intl.locale as Language;
  const [filter, setFilter] = useState('');
  const filterId = useId();
  const selectId = useId();
  const chosenPlace = endpoint?.kind === 'place' ? endpoint.placeId : null;
  const groups = groupPlaces(state.places.list, filter, language);
  // The chosen place stays in the list while the filter hides its group, so the field never shows another one.
  const chosenHidden = chosenPlace !== null && !groups.some((group) => group.places.some((place) => place.id === chosenPlace));
  const chosen = chosenHidden ? state.places.list.find((place) => place.id === chosenPlace) : undefined;
  const label = (place: IndoorPlace) =>
    place.kind === 'facility' ? `${place.name[language]} · ${floorName(venue, place.floorId, language)}` : place.name[language];
  const invalid = state.message?.which === which;
  const picking = state.picking === which;
  const value = endpoint?.kind === 'point' ? PICKED_POINT : (chosenPlace ?? '');
  const count = groups.reduce((sum, group) => sum + group.places.length, 0);
  return (
    <fieldset className={invalid ? 'indoor-routing__endpoint is-invalid' : 'indoor-routing__endpoint'} data-endpoint={which}>
      <legend>{intl.formatMessage({ id: `indoorRouting.${which}.legend` })}</legend>
      <label className="indoor-routing__filter" htmlFor={filterId}>
        <span className="visually-hidden">{intl.formatMessage({ id: `indoorRouting.${which}.filter` })}</span>
        <input
          id={filterId}
          type="search"
          value={filter}
          placeholder={intl.formatMessage({ id: 'indoorRouting.filter.placeholder' })}
          onChange={(event) => setFilter(event.currentTarget.value)}
          disabled={state.places.phase !== 'ready'}
        />
      </label>
      <label className="visually-hidden" htmlFor={selectId}>
        {intl.formatMessage({ id: `indoorRouting.${which}.list` })}
      </label>
      <select
        id={selectId}
        value={value}
        aria-invalid={invalid || undefined}
        aria-description={filter ? intl.formatMessage({ id: 'indoorRouting.filter.count' }, { count }) : undefined}
        disabled={state.places.phase !== 'ready'}
        onChange={(event) => {
          const chosenValue = event.currentTarget.value;
          if (chosenValue !== PICKED_POINT) controller.choosePlace(which, chosenValue === '' ? null : chosenValue);
        }}
      >
        <option value="">{intl.formatMessage({ id: state.places.phase === 'loading' ? 'indoorRouting.places.loading' : 'indoorRouting.choose' })}</option>
        {endpoint?.kind === 'point' ? (
          <option value={PICKED_POINT}>
            {intl.formatMessage({ id: 'indoorRouting.pickedPoint' }, { floor: floorName(venue, endpoint.floorId, language) })}
          </option>
        ) : null}
        {chosen ? <option value={chosen.id}>{label(chosen)}</option> : null}
        {groups.map((group) => (
          <optgroup key={group.group} label={intl.formatMessage({ id: `indoorRouting.group.${group.group}` })}>
            {group.places.map((place) => (
              <option key={place.id} value={place.id}>
                {label(place)}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      <button
        type="button"
        className="ui-button indoor-routing__pick"
        aria-pressed={picking}
        onClick={() => (picking ? controller.cancelPick() : controller.pickOnMap(which))}
        disabled={state.places.phase !== 'ready'}
      >
        {intl.formatMessage({ id: picking ? 'indoorRouting.pick.cancel' : `indoorRouting.${which}.pick` })}
      </button>
      {picking ? (
        <p className="indoor-routing__hint">
          {intl.formatMessage({ id: 'indoorRouting.pick.hint' }, { floor: venue ? floorName(venue, venue.currentFloorId, language) : '' })}
        </p>
      ) : null}
    </fieldset>
  );
}

function RouteResult({ state, venue, controller }: { state: IndoorRoutingState; venue: OpenIndoorMap | null; controller: RoutingController }) {
  const intl = useIntl();
  const language = intl.locale as Language;
  const route = state.route;
  const heading = useRef<HTMLHeadingElement>(null);
  // A new route takes the focus to its heading: the result is read out and scrolled into view under the form.
  useEffect(() => {
    if (route) heading.current?.focus();
  }, [route]);
  if (!route) return null;
  return (
    <section className="indoor-routing__result" aria-labelledby="indoor-routing-result-title">
      <h3 id="indoor-routing-result-title" ref={heading} tabIndex={-1}>
        {intl.formatMessage({ id: route.stepFree ? 'indoorRouting.result.titleStepFree' : 'indoorRouting.result.title' })}
      </h3>
      <p className="indoor-routing__figures">
        {intl.formatMessage(
          { id: 'indoorRouting.result.figures' },
          { metres: roundedMetres(route.lengthMetres), minutes: walkingMinutes(route.walkingSeconds) },
        )}
      </p>
      <div className="indoor-routing__floors">
        <span id="indoor-routing-floors-label">{intl.formatMessage({ id: 'indoorRouting.result.floors' })}</span>
        <ol aria-labelledby="indoor-routing-floors-label">
          {route.floors.map((floorId, index) => (
            <li key={`${floorId}-${index}`}>
              <button
                type="button"
                className="ui-button"
                aria-pressed={venue?.currentFloorId === floorId}
                aria-label={intl.formatMessage({ id: 'indoorRouting.result.showFloor' }, { floor: floorName(venue, floorId, language) })}
                onClick={() => controller.showFloor(floorId)}
              >
                {floorName(venue, floorId, language)}
              </button>
            </li>
          ))}
        </ol>
      </div>
      <ol className="indoor-routing__steps" aria-label={intl.formatMessage({ id: 'indoorRouting.result.steps' })}>
        {route.steps.map((step, index) => (
          <li key={index} data-via={step.via}>
            <span className="indoor-routing__via">{intl.formatMessage({ id: `indoorRouting.via.${step.via}` })}</span>
            <span>{step.instruction}</span>
            {step.lengthMetres > 0 ? (
              <span className="indoor-routing__step-length">{intl.formatMessage({ id: 'indoorRouting.result.stepMetres' }, { metres: roundedMetres(step.lengthMetres) })}</span>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

export default function IndoorRoutingDrawer() {
  const intl = useIntl();
  const controller = routingController();
  const state = useStore(controller?.store ?? appStore, (store) => routingSlice.select(store));
  const venue = useStore(controller?.store ?? appStore, readOpenIndoorMap);
  const venueId = venue?.venueId ?? null;
  const stepFreeId = useId();

  useEffect(() => {
    if (!controller || !venueId) return undefined;
    controller.open();
    return () => controller.close();
  }, [controller, venueId]);

  if (!controller) return null;
  const language = intl.locale as Language;
  const message = state.message;
  const ready = state.places.phase === 'ready';
  return (
    <div className="indoor-routing">
      <p className="indoor-routing__intro">
        {intl.formatMessage({ id: 'indoorRouting.intro' }, { station: venue ? venue.name[language] : '' })}
      </p>
      <p className="indoor-routing__sample">{intl.formatMessage({ id: 'indoorRouting.sample' })}</p>

      <EndpointField which="from" endpoint={state.from} state={state} venue={venue} controller={controller} />
      <button
        type="button"
        className="ui-button indoor-routing__swap"
        onClick={() => controller.swap()}
        disabled={!state.from && !state.to}
        aria-label={intl.formatMessage({ id: 'indoorRouting.swap' })}
      >
        <span aria-hidden="true">⇅</span> {intl.formatMessage({ id: 'indoorRouting.swapShort' })}
      </button>
      <EndpointField which="to" endpoint={state.to} state={state} venue={venue} controller={controller} />

      <label className="indoor-routing__step-free" htmlFor={stepFreeId}>
        <input id={stepFreeId} type="checkbox" checked={state.stepFree} onChange={(event) => controller.setStepFree(event.currentTarget.checked)} />
        <span>{intl.formatMessage({ id: 'indoorRouting.stepFree' })}</span>
      </label>

      <div className="indoor-routing__actions">
        <button type="button" className="ui-button ui-button--primary indoor-routing__search" onClick={() => void controller.search()} disabled={!ready || !state.from || !state.to || state.searching}>
          {intl.formatMessage({ id: 'indoorRouting.search' })}
        </button>
        <button type="button" className="ui-button" onClick={() => controller.clear()} disabled={!state.from && !state.to && !state.route && !message}>
          {intl.formatMessage({ id: 'indoorRouting.clear' })}
        </button>
      </div>

      <div aria-live="polite" className="indoor-routing__messages">
        {state.searching ? <p className="indoor-routing__status">{intl.formatMessage({ id: 'indoorRouting.searching' })}</p> : null}
        {state.places.phase === 'ready' && !state.from && !state.to && !message ? (
          <p className="indoor-routing__hint">{intl.formatMessage({ id: 'indoorRouting.hint' })}</p>
        ) : null}
        {message ? (
          <p className={`indoor-routing__message indoor-routing__message--${message.severity}`} role={message.severity === 'info' ? undefined : 'alert'}>
            {intl.formatMessage({ id: message.id })}
          </p>
        ) : null}
      </div>

      <RouteResult state={state} venue={venue} controller={controller} />
    </div>
  );
}
