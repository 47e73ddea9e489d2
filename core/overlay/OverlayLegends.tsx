/**
 * One legend per shown overlay that has one (SPEC §2 "a legend notification per overlay"). Legends with
 * `stayOpen` stay until closed by hand (SPEC §9); the others close themselves after a while. Showing the
 * overlay again opens its legend again.
 */
import { useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import type { OverlayManifest } from '../manifests/schemas';
import type { Language } from '../plugin/types';
import type { AppStore } from '../store/appStore';
import { useStore } from 'zustand';

/** How long a legend without `stayOpen` stays, ms. */
export const LEGEND_AUTO_CLOSE_MS = 10_000;

export interface OverlayLegendsProps {
  store: AppStore;
  manifests: ReadonlyArray<OverlayManifest>;
}

export function OverlayLegends({ store, manifests }: OverlayLegendsProps) {
  const intl = useIntl();
  const language = intl.locale as Language;
  const overlays = useStore(store, (state) => state.overlays);
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const shown = useMemo(
    () => manifests.filter((manifest) => manifest.legend && overlays[manifest.id]?.shown).sort((a, b) => a.order - b.order),
    [manifests, overlays],
  );
  const shownKey = shown.map((manifest) => manifest.id).join(',');

  // A legend closed by hand opens again the next time its overlay is switched on.
  useEffect(() => {
    setClosed((previous) => {
      const next = new Set([...previous].filter((id) => overlays[id]?.shown));
      return next.size === previous.size ? previous : next;
    });
  }, [shownKey, overlays]);

  useEffect(() => {
    const timers = shown
      .filter((manifest) => !manifest.legend?.stayOpen && !closed.has(manifest.id))
      .map((manifest) => setTimeout(() => setClosed((previous) => new Set(previous).add(manifest.id)), LEGEND_AUTO_CLOSE_MS));
    return () => timers.forEach(clearTimeout);
  }, [shownKey]);

  const open = shown.filter((manifest) => !closed.has(manifest.id));
  if (open.length === 0) return null;
  return (
    <div className="overlay-legends" role="region" aria-label={intl.formatMessage({ id: 'map.legend.region' })}>
      {open.map((manifest) => {
        const legend = manifest.legend!;
        const title = legend.title[language];
        return (
          <section key={manifest.id} className="overlay-legend" data-overlay={manifest.id} aria-label={title}>
            <header className="overlay-legend__header">
              <h3>{title}</h3>
              <button
                type="button"
                className="overlay-legend__close"
                aria-label={intl.formatMessage({ id: 'map.legend.close' }, { layer: manifest.name[language] })}
                onClick={() => setClosed((previous) => new Set(previous).add(manifest.id))}
              >
                ×
              </button>
            </header>
            <ul className="overlay-legend__items">
              {legend.items.map((item) => (
                <li key={item.colour + item.label['en-US']}>
                  <span className="overlay-legend__swatch" style={{ background: item.colour }} aria-hidden="true" />
                  <span>{item.label[language]}</span>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

export default OverlayLegends;
