/**
 * The layers drawer body: groups with tri-state checkboxes and one checkbox per overlay, then the terrains (a
 * radio group) and the textured switch; each layer row also has a "Metadata" control (./LayerMetadataButton.tsx).
 * Toggling writes the core store's `overlays[id].shown` (the overlay engine follows it) and core reports
 * <overlay id>::on / ::off; terrain and textured mode write the store, which the map follows (../mapSettings.ts).
 */
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import './layers-drawer.css';
import { useIntl } from 'react-intl';
import { useStore } from 'zustand';
import type { OverlayContribution, Language } from '../../../core/plugin/types';
import { terrainSelectionOf, TERRAIN_MANIFESTS } from '../../../core/map/terrains';
import { appStore } from '../../../core/store';
import { formatSnapshotLabel } from '../../../core/overlay/snapshotLabel';
import { layersContext } from '../context';
import { ContributedSections } from './ContributedSections';
import { LayerMetadataButton } from './LayerMetadataButton';
import { setOverlaysShown } from '../state';
import { checkState, groupToggleTarget, loadLayerTrees, overlayIdsOf, visibleTree, type TreeGroup } from '../tree';

const treeFiles = import.meta.glob('../../../manifests/layer-tree/*.json', { eager: true });
const { trees, problems } = loadLayerTrees(treeFiles);
if (problems.length > 0) console.warn('layer tree problems', problems);

function useOverlayContributions(): ReadonlyArray<OverlayContribution> {
  const ctx = layersContext();
  const [items, setItems] = useState(() => ctx?.overlays.list() ?? []);
  useEffect(() => {
    if (!ctx) return undefined;
    setItems(ctx.overlays.list());
    return ctx.overlays.subscribe(setItems);
  }, [ctx]);
  return items;
}

function TriStateCheckbox({ state, label, onChange }: { state: 'on' | 'off' | 'mixed'; label: string; onChange: () => void }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === 'mixed';
  }, [state]);
  return (
    <input
      ref={ref}
      type="checkbox"
      checked={state === 'on'}
      aria-checked={state === 'mixed' ? 'mixed' : state === 'on'}
      aria-label={label}
      onChange={onChange}
    />
  );
}

export default function LayersDrawer() {
  const intl = useIntl();
  const language = intl.locale as Language;
  const ctx = layersContext();
  const store = ctx?.store ?? appStore;
  const overlays = useStore(store, (state) => state.overlays);
  const contributions = useOverlayContributions();
  const byId = useMemo(() => new Map(contributions.map((item) => [item.id, item.manifest])), [contributions]);
  const registered = useMemo(
    () => contributions.slice().sort((a, b) => a.manifest.order - b.manifest.order).map((item) => item.id),
    [contributions],
  );
  const groups = useMemo(() => visibleTree(trees, registered), [registered]);
  const isShown = (id: string) => overlays[id]?.shown ?? false;
  const services = { store, analytics: ctx?.analytics ?? { emit: () => {} } };

  const layersHeadingId = useId();
  const terrainHeadingId = useId();
  const modeHeadingId = useId();
  const terrain = useStore(store, (state) => state.terrain);
  const textured = useStore(store, (state) => state.textured);

  const renderGroup = (group: TreeGroup, depth: number) => {
    const ids = overlayIdsOf(group);
    const state = checkState(ids, isShown);
    const name = group.name ? group.name[language] : intl.formatMessage({ id: 'layers.group.other' });
    return (
      <GroupView key={group.id} group={group} depth={depth} name={name}>
        {(headingId) => (
          <>
            <div className="layers-drawer__group-row">
              <TriStateCheckbox
                state={state}
                label={intl.formatMessage({ id: 'layers.group.toggle' }, { group: name })}
                onChange={() => setOverlaysShown(services, ids, groupToggleTarget(state))}
              />
              <span id={headingId} className="layers-drawer__group-name">
                {name}
              </span>
            </div>
            <ul className="layers-drawer__items" aria-labelledby={headingId}>
              {group.overlays.map((id) => {
                const manifest = byId.get(id);
                if (!manifest) return null;
                const ready = overlays[id]?.ready ?? false;
                // Recorded snapshot data say so in the row too (the panel and the legend say the same).
                const snapshotAt = isShown(id) && overlays[id]?.snapshot ? overlays[id]?.lastDataAt : undefined;
                const describedBy = [manifest.description ? `layers-drawer-note-${id}` : '', snapshotAt !== undefined ? `layers-drawer-freshness-${id}` : '']
                  .filter(Boolean)
                  .join(' ');
                return (
                  <li key={id} className="layers-drawer__row">
                    <label className="layers-drawer__item" data-overlay={id}>
                      <input
                        type="checkbox"
                        checked={isShown(id)}
                        aria-describedby={describedBy || undefined}
                        onChange={(event) => setOverlaysShown(services, [id], event.target.checked)}
                      />
                      <span>{manifest.name[language]}</span>
                      {isShown(id) && overlays[id]?.unavailable ? (
                        <span className="layers-drawer__loading">{intl.formatMessage({ id: 'layers.item.unavailable' })}</span>
                      ) : isShown(id) && !ready ? (
                        <span className="layers-drawer__loading">{intl.formatMessage({ id: 'layers.item.loading' })}</span>
                      ) : null}
                    </label>
                    {/* Beside the label, not in it: pressing it must never toggle the layer. */}
                    <LayerMetadataButton layerName={manifest.name[language]} metadataId={manifest.metadataId} notices={ctx?.notices ?? null} />
                    {/* The manifest's short note (e.g. where a layer's data exists), under the row and read with the checkbox. */}
                    {manifest.description ? (
                      <p id={`layers-drawer-note-${id}`} className="layers-drawer__note">
                        {manifest.description[language]}
                      </p>
                    ) : null}
                    {snapshotAt !== undefined ? (
                      <p id={`layers-drawer-freshness-${id}`} className="layers-drawer__note layers-drawer__freshness">
                        {formatSnapshotLabel(intl, snapshotAt)}
                      </p>
                    ) : null}
                  </li>
                );
              })}
            </ul>
            {group.groups.map((child) => renderGroup(child, depth + 1))}
          </>
        )}
      </GroupView>
    );
  };

  return (
    <div className="layers-drawer">
      <section className="layers-drawer__section" aria-labelledby={layersHeadingId}>
        <h3 id={layersHeadingId} className="layers-drawer__heading">
          {intl.formatMessage({ id: 'layers.section.layers' })}
        </h3>
        {groups.length === 0 ? (
          <p className="layers-drawer__empty">{intl.formatMessage({ id: 'layers.empty' })}</p>
        ) : (
          groups.map((group) => renderGroup(group, 0))
        )}
      </section>
      {TERRAIN_MANIFESTS.length > 0 ? (
        <section className="layers-drawer__section" aria-labelledby={terrainHeadingId}>
          <h3 id={terrainHeadingId} className="layers-drawer__heading">
            {intl.formatMessage({ id: 'layers.section.terrain' })}
          </h3>
          <div role="radiogroup" aria-labelledby={terrainHeadingId} className="layers-drawer__choices">
            {TERRAIN_MANIFESTS.map((manifest) => (
              <label key={manifest.id} className="layers-drawer__item" data-terrain={manifest.id}>
                <input
                  type="radio"
                  name="layers-drawer-terrain"
                  value={manifest.id}
                  checked={terrain.id === manifest.id}
                  onChange={() => store.getState().setTerrain(terrainSelectionOf(manifest))}
                />
                <span>{manifest.name[language]}</span>
              </label>
            ))}
          </div>
        </section>
      ) : null}
      <section className="layers-drawer__section" aria-labelledby={modeHeadingId}>
        <h3 id={modeHeadingId} className="layers-drawer__heading">
          {intl.formatMessage({ id: 'layers.section.mode' })}
        </h3>
        <label className="layers-drawer__item" data-setting="textured">
          <input type="checkbox" role="switch" checked={textured} onChange={(event) => store.getState().setTextured(event.target.checked)} />
          <span>{intl.formatMessage({ id: 'layers.textured' })}</span>
        </label>
        <p className="layers-drawer__hint">{intl.formatMessage({ id: textured ? 'layers.textured.on' : 'layers.textured.off' })}</p>
      </section>
      <ContributedSections />
    </div>
  );
}

function GroupView({ group, depth, name, children }: { group: TreeGroup; depth: number; name: string; children: (headingId: string) => ReactNode }) {
  const intl = useIntl();
  const [expanded, setExpanded] = useState(group.expanded);
  const headingId = useId();
  return (
    <section className="layers-drawer__group" data-group={group.id} style={{ marginInlineStart: depth * 12 }}>
      <button
        type="button"
        className="layers-drawer__expand"
        aria-expanded={expanded}
        aria-label={intl.formatMessage({ id: expanded ? 'layers.group.collapse' : 'layers.group.expand' }, { group: name })}
        onClick={() => setExpanded(!expanded)}
      >
        {expanded ? '▾' : '▸'}
      </button>
      {expanded ? children(headingId) : <span className="layers-drawer__group-name">{name}</span>}
    </section>
  );
}
