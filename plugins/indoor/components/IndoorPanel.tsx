/**
 * The indoor view's panel (slot `map.top-left`) while the indoor view is on. Overview: SPEC §8's 'Please select
 * highlighted building for exploring 3D indoor map' and a venue list (stations, then buildings) to open one by
 * keyboard. Open map: the venue, the floor selector (5 floors per page with previous/next paging, SPEC §9), other
 * floors faint or hidden, wall view, the identified area's properties, downloads (GeoJSON, SHP) and close.
 */
import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { useAppStore } from '../../../core/store';
import type { Language } from '../../../core/plugin/types';
import { readOpenIndoorMap, showIndoorFloor } from '../api';
import { areaLabelId } from '../areaLabels';
import { indoorController } from '../context';
import type { IndoorController } from '../controller';
import { indoorSlice } from '../state';
import { floorPage, pageOfFloor, type IndoorVenue } from '../venues';
import '../../../core/ui/mapPanel.css';
import '../../../core/ui/controls.css';
import './indoor.css';

export default function IndoorPanel() {
  const current = indoorController();
  const on = useAppStore((state) => state.indoor);
  if (!current || !on) return null;
  return <Panel controller={current.controller} wallViewOffered={current.wallViewOffered} />;
}

function Panel({ controller, wallViewOffered }: { controller: IndoorController; wallViewOffered: boolean }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const titleId = useId();
  const state = useAppStore((store) => indoorSlice.select(store));
  const open = useAppStore(readOpenIndoorMap);
  const language = useAppStore((store) => store.language);
  const venues = useSyncExternalStore(controller.subscribeVenues, controller.venues);
  return (
    <section className="map-panel indoor-panel" aria-labelledby={titleId} data-testid="indoor-panel">
      <div className="map-panel__header">
        <h2 id={titleId}>{t('indoor.title')}</h2>
        <button type="button" className="icon-button icon-button--plain" aria-label={t('indoor.closeView')} onClick={() => controller.store.getState().setMode('indoor', false)}>
          ×
        </button>
      </div>
      <div className="map-panel__body indoor-panel__body">
        <div role="status" className="indoor-panel__status">
          {state.status === 'closed' || state.status === 'failed' ? <p>{t('indoor.message.selectVenue')}</p> : null}
          {state.status === 'failed' && state.failure ? <p className="indoor-panel__warning">{t(state.failure)}</p> : null}
          {state.status === 'loading' ? <p>{t('indoor.opening')}</p> : null}
        </div>
        {open ? (
          <OpenMap controller={controller} venue={controller.venue(open.venueId)} wallViewOffered={wallViewOffered} language={language} t={t} />
        ) : (
          <VenuePicker controller={controller} venues={venues} language={language} t={t} busy={state.status === 'loading'} />
        )}
      </div>
    </section>
  );
}

type Translate = (id: string, values?: Record<string, string | number>) => string;

function VenuePicker({ controller, venues, language, t, busy }: { controller: IndoorController; venues: readonly IndoorVenue[] | null; language: Language; t: Translate; busy: boolean }) {
  const selectId = useId();
  const [chosen, setChosen] = useState('');
  if (!venues) return <p className="indoor-panel__note">{t('indoor.loadingVenues')}</p>;
  const stations = venues.filter((venue) => venue.venueType === 'metro-station');
  const buildings = venues.filter((venue) => venue.venueType === 'building');
  const option = (venue: IndoorVenue) => (
    <option key={venue.venueId} value={venue.venueId}>
      {venue.name[language]}
    </option>
  );
  return (
    <form
      className="indoor-panel__picker"
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen) void controller.open(chosen, 'list');
      }}
    >
      <label htmlFor={selectId}>{t('indoor.venueList')}</label>
      <select id={selectId} value={chosen} onChange={(event) => setChosen(event.target.value)} data-testid="indoor-venue-select">
        <option value="">{t('indoor.venueChoose')}</option>
        {stations.length ? <optgroup label={t('indoor.stations')}>{stations.map(option)}</optgroup> : null}
        {buildings.length ? <optgroup label={t('indoor.buildings')}>{buildings.map(option)}</optgroup> : null}
      </select>
      <button type="submit" className="ui-button ui-button--primary" disabled={!chosen || busy}>
        {t('indoor.open')}
      </button>
    </form>
  );
}

function OpenMap({ controller, venue, wallViewOffered, language, t }: { controller: IndoorController; venue: IndoorVenue | null; wallViewOffered: boolean; language: Language; t: Translate }) {
  const open = useAppStore(readOpenIndoorMap);
  const state = useAppStore((store) => indoorSlice.select(store));
  const floorsId = useId();
  const otherId = useId();
  const [page, setPage] = useState(() => (open ? pageOfFloor(open.floors, open.currentFloorId) : 0));
  // A floor chosen elsewhere (the routing drawer) brings its page into view; only when the current floor changes.
  const currentFloorId = open?.currentFloorId;
  useEffect(() => {
    if (open && currentFloorId) setPage(pageOfFloor(open.floors, currentFloorId));
  }, [currentFloorId]);
  if (!open) return null;
  const shown = floorPage(open.floors, page);
  const identified = state.identified;
  const identifiedFloor = identified ? open.floors.find((floor) => floor.floorId === identified.floorId) : undefined;
  const metres = (value: unknown) =>
    typeof value === 'number' ? t('indoor.metresRelative', { value: value.toLocaleString(language, { maximumFractionDigits: 1 }) }) : null;
  return (
    <div className="indoor-panel__open" data-testid="indoor-open-map">
      <h3 className="indoor-panel__venue">
        {open.name[language]} <span className="indoor-panel__sample">({t('indoor.sample')})</span>
      </h3>
      {venue?.sample ? <p className="indoor-panel__note">{t('indoor.sampleNote')}</p> : null}
      <fieldset className="indoor-panel__floors" aria-describedby={floorsId}>
        <legend>{t('indoor.floors')}</legend>
        <p id={floorsId} className="indoor-panel__page" data-testid="indoor-floor-page">
          {t('indoor.floorPage', { first: shown.first, last: shown.last, count: open.floors.length })}
        </p>
        <ul className="indoor-panel__floor-list">
          {shown.floors.map((floor) => (
            <li key={floor.floorId}>
              <button
                type="button"
                className={`ui-choice${floor.floorId === open.currentFloorId ? ' is-selected' : ''}`}
                aria-pressed={floor.floorId === open.currentFloorId}
                aria-label={t('indoor.floorButton', { name: floor.name[language] })}
                onClick={() => showIndoorFloor(controller, floor.floorId)}
              >
                {floor.name[language]}
              </button>
            </li>
          ))}
        </ul>
        {shown.pageCount > 1 ? (
          <div className="indoor-panel__paging">
            <button type="button" className="ui-button" aria-label={t('indoor.previousFloors')} disabled={shown.page === 0} onClick={() => setPage(shown.page - 1)}>
              ‹
            </button>
            <button type="button" className="ui-button" aria-label={t('indoor.nextFloors')} disabled={shown.page >= shown.pageCount - 1} onClick={() => setPage(shown.page + 1)}>
              ›
            </button>
          </div>
        ) : null}
      </fieldset>
      <div className="indoor-panel__field">
        <label htmlFor={otherId}>{t('indoor.otherFloors')}</label>
        <select id={otherId} value={state.otherFloors} onChange={(event) => controller.setOtherFloors(event.target.value === 'hidden' ? 'hidden' : 'faint')}>
          <option value="faint">{t('indoor.otherFloors.faint')}</option>
          <option value="hidden">{t('indoor.otherFloors.hidden')}</option>
        </select>
      </div>
      {wallViewOffered ? (
        <label className="indoor-panel__check">
          <input type="checkbox" checked={state.wallView} onChange={(event) => controller.setWallView(event.target.checked)} /> {t('indoor.wallView')}
        </label>
      ) : null}
      <section className="indoor-panel__identified" aria-label={t('indoor.identified')} data-testid="indoor-identified">
        {identified ? (
          <dl>
            <dt>{t('indoor.field.area')}</dt>
            <dd>{t(areaLabelId({ space: typeof identified.properties.space === 'string' ? identified.properties.space : null }))}</dd>
            <dt>{t('indoor.field.floor')}</dt>
            <dd>{identifiedFloor?.name[language] ?? identified.floorId}</dd>
            {typeof identified.properties.line === 'string' ? (
              <>
                <dt>{t('indoor.field.line')}</dt>
                <dd>{identified.properties.line}</dd>
              </>
            ) : null}
            <dt>{t('indoor.field.base')}</dt>
            <dd>{metres(identified.properties._base_height)}</dd>
            <dt>{t('indoor.field.top')}</dt>
            <dd>{metres(identified.properties._height)}</dd>
            <dt>{t('indoor.field.id')}</dt>
            <dd>{identified.areaKey}</dd>
          </dl>
        ) : (
          <p className="indoor-panel__note">{t('indoor.identifyHint')}</p>
        )}
      </section>
      <div className="indoor-panel__downloads" role="group" aria-label={t('indoor.download')}>
        <span>{t('indoor.download')}</span>
        {(['GEOJSON', 'SHP'] as const).map((format) => (
          <button
            key={format}
            type="button"
            className="ui-button"
            aria-label={t('indoor.downloadLabel', { venue: open.name[language], format: format === 'GEOJSON' ? 'GeoJSON' : 'SHP' })}
            onClick={() => void controller.download(format)}
          >
            {t(format === 'GEOJSON' ? 'indoor.downloadGeoJson' : 'indoor.downloadShp')}
          </button>
        ))}
      </div>
      <button type="button" className="ui-button ui-button--primary indoor-panel__close" onClick={() => controller.close()}>
        {t('indoor.closeMap')}
      </button>
    </div>
  );
}
