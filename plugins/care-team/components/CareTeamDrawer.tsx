/**
 * The care-team drawer body: a note that the teams are sample records, a district choice, the district's teams as
 * buttons and the chosen team's details (SPEC §3 fields). The field names are the feature's own messages from
 * `GET /mapviewer/api/domain/gm`, formatted through the plugin's i18n service (which holds them once merged);
 * the drawer's other texts are in locales/<lang>/care-team.json. Contact details of a sample team are shown as
 * text, never as links: they reach nobody.
 */
import { useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import type { Language } from '../../../core/plugin/types';
import { districtsOf, teamText, type CareTeam, type CareTeamController } from '../careTeams';
import { careTeamController } from '../context';
import '../../../core/ui/controls.css';
import './care-team.css';

export default function CareTeamDrawer() {
  const controller = careTeamController();
  return controller ? <Drawer controller={controller} /> : null;
}

function Drawer({ controller }: { controller: CareTeamController }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const language = intl.locale as Language;
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  const districtId = useId();
  useEffect(() => {
    void controller.load();
  }, [controller]);

  const selected = state.teams.find((team) => team.id === state.selectedId) ?? null;
  const listed = state.district ? state.teams.filter((team) => team.properties.districtCode === state.district) : [];
  return (
    <div className="care-team" data-testid="care-team-drawer">
      <p className="care-team__sample">
        <span className="badge badge--sample">{t('careTeam.ui.sampleBadge')}</span> {t('careTeam.ui.sampleNote')}
      </p>
      {state.status === 'loading' || state.status === 'idle' ? <p role="status">{t('careTeam.ui.loading')}</p> : null}
      {state.status === 'failed' ? (
        <div role="alert">
          <p>{t('careTeam.ui.unavailable')}</p>
          <button type="button" className="ui-button care-team__button" onClick={() => void controller.load()}>
            {t('careTeam.ui.retry')}
          </button>
        </div>
      ) : null}
      {state.status === 'ready' ? (
        <>
          <label className="care-team__filter" htmlFor={districtId}>
            {controller.format('careTeam.district')}
            <select id={districtId} value={state.district} onChange={(event) => controller.setDistrict(event.target.value)}>
              <option value="">{t('careTeam.ui.chooseDistrict')}</option>
              {districtsOf(state.teams, language).map((district) => (
                <option key={district.code} value={district.code}>
                  {t('careTeam.ui.districtOption', { code: district.code, name: district.name, count: district.count })}
                </option>
              ))}
            </select>
          </label>
          {selected ? <Details team={selected} language={language} controller={controller} /> : null}
          {state.district ? (
            <>
              <p className="care-team__count" aria-live="polite">
                {controller.format('careTeam.count', { count: listed.length })}
              </p>
              <ul className="ui-choice-list care-team__list">
                {listed.map((team) => (
                  <li key={team.id}>
                    <button
                      type="button"
                      className={team.id === state.selectedId ? 'ui-choice care-team__item is-selected' : 'ui-choice care-team__item'}
                      aria-pressed={team.id === state.selectedId}
                      data-team={team.id}
                      onClick={() => controller.select(team.id)}
                    >
                      <span className="care-team__item-name">{teamText(team, 'key', language)}</span>
                      <span className="care-team__item-where">{teamText(team, 'subDistrict', language)}</span>
                    </button>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className="care-team__hint">{t('careTeam.ui.chooseDistrictHint')}</p>
          )}
        </>
      ) : null}
    </div>
  );
}

function Details({ team, language, controller }: { team: CareTeam; language: Language; controller: CareTeamController }) {
  const intl = useIntl();
  const headingRef = useRef<HTMLHeadingElement | null>(null);
  useEffect(() => headingRef.current?.focus(), [team.id]);
  const p = team.properties;
  const rows: Array<[label: string, value: string]> = [
    [controller.format('careTeam.organisation'), teamText(team, 'organisation', language)],
    [controller.format('careTeam.telephone'), p.telephone],
    [controller.format('careTeam.fax'), p.fax],
    [controller.format('careTeam.email'), p.email],
    [controller.format('careTeam.messaging'), p.messaging],
    [controller.format('careTeam.website'), p.website],
    [controller.format('careTeam.facilities'), teamText(team, 'facilities', language)],
    [controller.format('careTeam.district'), teamText(team, 'district', language)],
    [controller.format('careTeam.districtCode'), p.districtCode],
    [controller.format('careTeam.subDistrict'), teamText(team, 'subDistrict', language)],
  ];
  return (
    <section className="care-team__details" data-testid="care-team-details" aria-label={intl.formatMessage({ id: 'careTeam.ui.details' })}>
      <h3 ref={headingRef} tabIndex={-1}>
        {teamText(team, 'key', language)}
      </h3>
      {p.sample ? <p className="care-team__note">{teamText(team, 'note', language)}</p> : null}
      <dl>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
