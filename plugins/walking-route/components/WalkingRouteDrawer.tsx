/**
 * The walking route drawer body (drawer `routing`): the origin and destination fields (./PlaceField.tsx), swap and
 * Search; while a field waits for a click on the map, what to do and how to cancel; the messages (SPEC §5, §8 and
 * why there is no route); the route found: distance, walking time, the streets passed and Save; and the saved
 * routes: open, rename in place, delete with undo.
 */
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { useStore } from 'zustand';
import { WALKING_SPEED_METRES_PER_SECOND, type WalkingRouteFound } from '../../../core/contracts/walking';
import type { Language } from '../../../core/plugin/types';
import { appStore } from '../../../core/store';
import '../../../core/ui/controls.css';
import { BOOKMARK_NAME_MAX_LENGTH, type WalkBookmark } from '../bookmarks';
import { walkDrawerContext } from '../context';
import { walkSlice, type WalkController, type WalkState } from '../walkController';
import { distanceText, streetsPassed, walkingMinutes, type WalkMessage } from '../walkQuery';
import { PlaceField } from './PlaceField';
import './walking-route.css';

const distance = (intl: IntlShape, metres: number) => {
  const { unit, value } = distanceText(metres);
  return intl.formatMessage({ id: unit === 'm' ? 'walkingRoute.figures.metres' : 'walkingRoute.figures.kilometres' }, { value });
};

function Message({ message, role }: { message: WalkMessage; role?: 'alert' }) {
  const intl = useIntl();
  return (
    <p className={`walk-drawer__message walk-drawer__message--${message.severity}`} role={message.severity === 'info' ? undefined : role}>
      {message.end ? <strong>{intl.formatMessage({ id: `walkingRoute.field.${message.end}` })}: </strong> : null}
      {intl.formatMessage({ id: message.id }, message.values)}
    </p>
  );
}

function RouteResult({ route, controller, saved }: { route: WalkingRouteFound; controller: WalkController; saved: boolean }) {
  const intl = useIntl();
  const language = intl.locale as Language;
  const streets = streetsPassed(route.streets, (name) => name['en-US']);
  const accessMetres = route.accessLegs.reduce((sum, leg) => sum + leg.lengthMetres, 0);
  return (
    <section className="walk-drawer__result" aria-label={intl.formatMessage({ id: 'walkingRoute.result.label' })}>
      <p className="walk-drawer__figures" data-testid="walking-route-figures">
        <span>{distance(intl, route.lengthMetres)}</span>
        <span aria-hidden="true"> · </span>
        <span>{intl.formatMessage({ id: 'walkingRoute.figures.minutes' }, { minutes: walkingMinutes(route.walkingSeconds) })}</span>
      </p>
      <p className="walk-drawer__note">{intl.formatMessage({ id: 'walkingRoute.result.pace' }, { kmh: Math.round(WALKING_SPEED_METRES_PER_SECOND * 3.6 * 10) / 10 })}</p>
      {accessMetres >= 1 ? <p className="walk-drawer__note">{intl.formatMessage({ id: 'walkingRoute.result.accessLegs' }, { metres: Math.round(accessMetres) })}</p> : null}
      {streets.length > 0 ? (
        <>
          <h3 className="walk-drawer__heading">{intl.formatMessage({ id: 'walkingRoute.result.streets' })}</h3>
          <ol className="walk-drawer__streets">
            {streets.map((street, index) => (
              <li key={index}>
                <span>{street.name ? street.name[language] || street.name['en-US'] : intl.formatMessage({ id: 'walkingRoute.result.unnamed' })}</span>
                <span className="walk-drawer__street-length">{distance(intl, street.lengthMetres)}</span>
              </li>
            ))}
          </ol>
        </>
      ) : null}
      <p className="walk-drawer__attribution">{route.attribution}</p>
      <button type="button" className="ui-button" onClick={() => controller.saveBookmark()} disabled={saved}>
        {intl.formatMessage({ id: saved ? 'walkingRoute.bookmarks.isSaved' : 'walkingRoute.bookmarks.save' })}
      </button>
    </section>
  );
}

function BookmarkItem({ bookmark, current, controller }: { bookmark: WalkBookmark; current: boolean; controller: WalkController }) {
  const intl = useIntl();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(bookmark.name);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const renameRef = useRef<HTMLButtonElement | null>(null);
  const wasEditing = useRef(false);

  useEffect(() => {
    if (editing) {
      inputRef.current?.focus();
      inputRef.current?.select();
    }
    else if (wasEditing.current) renameRef.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const finish = (event?: FormEvent) => {
    event?.preventDefault();
    if (controller.renameBookmark(bookmark.id, name)) setEditing(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      setName(bookmark.name);
      setEditing(false);
    }
  };

  return (
    <li className={current ? 'walk-bookmark is-current' : 'walk-bookmark'} data-bookmark={bookmark.id}>
      {editing ? (
        <form className="walk-bookmark__rename" onSubmit={finish}>
          <input
            ref={inputRef}
            value={name}
            maxLength={BOOKMARK_NAME_MAX_LENGTH}
            aria-label={intl.formatMessage({ id: 'walkingRoute.bookmarks.nameLabel' })}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <button type="submit" className="ui-button">
            {intl.formatMessage({ id: 'walkingRoute.bookmarks.renameSave' })}
          </button>
        </form>
      ) : (
        <button
          type="button"
          className="ui-choice"
          aria-current={current ? 'true' : undefined}
          aria-label={intl.formatMessage({ id: 'walkingRoute.bookmarks.open' }, { name: bookmark.name })}
          onClick={() => void controller.openBookmark(bookmark.id)}
        >
          <span className="walk-bookmark__name">{bookmark.name}</span>
          <span className="walk-bookmark__figures">
            {distance(intl, bookmark.lengthMetres)} · {intl.formatMessage({ id: 'walkingRoute.figures.minutes' }, { minutes: walkingMinutes(bookmark.walkingSeconds) })}
          </span>
        </button>
      )}
      {editing ? null : (
        <div className="walk-bookmark__actions">
          <button
            ref={renameRef}
            type="button"
            className="ui-button"
            aria-label={intl.formatMessage({ id: 'walkingRoute.bookmarks.renameFor' }, { name: bookmark.name })}
            onClick={() => {
              setName(bookmark.name);
              setEditing(true);
            }}
          >
            {intl.formatMessage({ id: 'walkingRoute.bookmarks.rename' })}
          </button>
          <button
            type="button"
            className="ui-button"
            aria-label={intl.formatMessage({ id: 'walkingRoute.bookmarks.deleteFor' }, { name: bookmark.name })}
            onClick={() => controller.deleteBookmark(bookmark.id)}
          >
            {intl.formatMessage({ id: 'walkingRoute.bookmarks.delete' })}
          </button>
        </div>
      )}
    </li>
  );
}

function Bookmarks({ state, controller }: { state: WalkState; controller: WalkController }) {
  const intl = useIntl();
  const undoRef = useRef<HTMLButtonElement | null>(null);
  // After a delete the focus goes to Undo (the deleted row's buttons are gone).
  useEffect(() => {
    if (state.undo) undoRef.current?.focus();
  }, [state.undo]);
  return (
    <section className="walk-drawer__bookmarks" aria-labelledby="walk-bookmarks-heading">
      <h3 id="walk-bookmarks-heading" className="walk-drawer__heading">
        {intl.formatMessage({ id: 'walkingRoute.bookmarks.title' })}
      </h3>
      <div aria-live="polite">
        {state.bookmarkMessage ? <Message message={state.bookmarkMessage} role="alert" /> : null}
        {state.undo ? (
          <button ref={undoRef} type="button" className="ui-button" onClick={() => controller.undoDelete()}>
            {intl.formatMessage({ id: 'walkingRoute.bookmarks.undo' }, { name: state.undo.bookmark.name })}
          </button>
        ) : null}
      </div>
      {state.bookmarks.length === 0 ? (
        <p className="walk-drawer__note">{intl.formatMessage({ id: 'walkingRoute.bookmarks.none' })}</p>
      ) : (
        <ul className="ui-choice-list walk-drawer__bookmark-list">
          {state.bookmarks.map((bookmark) => (
            <BookmarkItem key={bookmark.id} bookmark={bookmark} current={state.openBookmarkId === bookmark.id} controller={controller} />
          ))}
        </ul>
      )}
      <p className="walk-drawer__note">{intl.formatMessage({ id: 'walkingRoute.bookmarks.browserOnly' })}</p>
    </section>
  );
}

export default function WalkingRouteDrawer() {
  const intl = useIntl();
  const context = walkDrawerContext();
  const state = useStore(context?.controller.store ?? appStore, (store) => walkSlice.select(store));

  useEffect(() => {
    if (!context) return undefined;
    context.controller.open();
    return () => context.controller.close();
  }, [context]);

  if (!context) return null;
  const { controller, placeSearch } = context;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void controller.search();
  };

  return (
    <div className="walk-drawer">
      <p className="walk-drawer__intro">{intl.formatMessage({ id: 'walkingRoute.intro' })}</p>
      <form className="walk-drawer__form" onSubmit={onSubmit} aria-label={intl.formatMessage({ id: 'walkingRoute.form.label' })}>
        <PlaceField end="from" place={state.from} picking={state.picking === 'from'} controller={controller} placeSearch={placeSearch} />
        <button type="button" className="ui-button walk-drawer__swap" onClick={() => controller.swap()} aria-label={intl.formatMessage({ id: 'walkingRoute.swap.label' })}>
          <span aria-hidden="true">⇅ </span>
          {intl.formatMessage({ id: 'walkingRoute.swap.text' })}
        </button>
        <PlaceField end="to" place={state.to} picking={state.picking === 'to'} controller={controller} placeSearch={placeSearch} />
        <button type="submit" className="ui-button ui-button--primary walk-drawer__search" disabled={state.searching}>
          {intl.formatMessage({ id: 'walkingRoute.search' })}
        </button>
      </form>

      <div aria-live="polite" className="walk-drawer__messages">
        {state.picking ? (
          <p className="walk-drawer__message walk-drawer__message--info">
            {intl.formatMessage({ id: `walkingRoute.picking.${state.picking}` })}{' '}
            <button type="button" className="ui-button" onClick={() => controller.cancelPick()}>
              {intl.formatMessage({ id: 'walkingRoute.picking.cancel' })}
            </button>
          </p>
        ) : null}
        {state.searching ? <p className="walk-drawer__status">{intl.formatMessage({ id: 'walkingRoute.searching' })}</p> : null}
        {state.message ? <Message message={state.message} role="alert" /> : null}
      </div>

      {state.route ? <RouteResult route={state.route} controller={controller} saved={state.openBookmarkId !== null} /> : null}
      <Bookmarks state={state} controller={controller} />
    </div>
  );
}
