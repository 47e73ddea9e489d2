/**
 * One legend per shown overlay that has one (SPEC §2 "a legend notification per overlay"). A legend opens when
 * its overlay is switched on (for an overlay with a disclaimer: once the disclaimer is accepted). With `stayOpen` (SPEC §9: weather, AQHI, beach, marine, river, uav, tdssimg) it
 * stays until closed by hand; switching other layers on or off leaves it alone. Without it, it closes itself
 * LEGEND_AUTO_CLOSE_MS after it opened. Every legend closes with its overlay. A closed legend of a shown overlay
 * leaves a small button that opens it again; switching the overlay off and on opens it again too.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useStore } from 'zustand';
import type { OverlayManifest } from '../manifests/schemas';
import type { Language } from '../plugin/types';
import type { AppStore } from '../store/appStore';
import { isOverlayOnShow } from './overlayOnShow';
import { formatSnapshotLabel } from './snapshotLabel';

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
    () => manifests.filter((manifest) => manifest.legend && isOverlayOnShow(manifest, overlays[manifest.id])).sort((a, b) => a.order - b.order),
    [manifests, overlays],
  );
  const shownKey = shown.map((manifest) => manifest.id).join(',');
  const region = useRef<HTMLDivElement>(null);
  // Closing or reopening by hand moves focus to the control that takes the removed one's place, so a keyboard
  // user is not dropped on the page body.
  const focusAfterRender = useRef<string | null>(null);
  const close = (id: string) => setClosed((previous) => new Set(previous).add(id));
  const closeByHand = (id: string) => {
    focusAfterRender.current = `.overlay-legend-reopen__button[data-overlay="${id}"]`;
    close(id);
  };
  const reopen = (id: string) => {
    focusAfterRender.current = `.overlay-legend[data-overlay="${id}"] .overlay-legend__close`;
    setClosed((previous) => {
      const next = new Set(previous);
      next.delete(id);
      return next;
    });
  };
  useEffect(() => {
    const selector = focusAfterRender.current;
    if (!selector) return;
    focusAfterRender.current = null;
    region.current?.querySelector<HTMLElement>(selector)?.focus();
  });

  // A legend closed by hand opens again the next time its overlay is switched on.
  useEffect(() => {
    setClosed((previous) => {
      const next = new Set([...previous].filter((id) => shownKey.split(',').includes(id)));
      return next.size === previous.size ? previous : next;
    });
  }, [shownKey]);

  // One timer per auto-closing legend, started when it opens; other legends opening or closing do not restart it.
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const autoClosing = shown.filter((manifest) => !manifest.legend?.stayOpen && !closed.has(manifest.id)).map((manifest) => manifest.id);
  const autoClosingKey = autoClosing.join(',');
  useEffect(() => {
    const running = timers.current;
    for (const [id, timer] of running) {
      if (autoClosing.includes(id)) continue;
      clearTimeout(timer);
      running.delete(id);
    }
    for (const id of autoClosing) {
      if (running.has(id)) continue;
      running.set(
        id,
        setTimeout(() => {
          running.delete(id);
          close(id);
        }, LEGEND_AUTO_CLOSE_MS),
      );
    }
  }, [autoClosingKey]);
  useEffect(() => {
    const running = timers.current;
    return () => {
      running.forEach(clearTimeout);
      running.clear();
    };
  }, []);

  const open = shown.filter((manifest) => !closed.has(manifest.id));
  const reopenable = shown.filter((manifest) => closed.has(manifest.id));
  if (shown.length === 0) return null;
  return (
    <div ref={region} className="overlay-legends" role="region" aria-label={intl.formatMessage({ id: 'map.legend.region' })}>
      {open.map((manifest) => {
        const legend = manifest.legend!;
        const title = legend.title[language];
        const titleId = `overlay-legend-title-${manifest.id}`;
        return (
          <section key={manifest.id} className="overlay-legend" data-overlay={manifest.id} aria-labelledby={titleId}>
            <header className="overlay-legend__header">
              <h3 id={titleId}>{title}</h3>
              <button
                type="button"
                className="overlay-legend__close"
                aria-label={intl.formatMessage({ id: 'map.legend.close' }, { layer: manifest.name[language] })}
                onClick={() => closeByHand(manifest.id)}
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
            {legend.notes.map((note) => (
              <p key={note['en-US']} className="overlay-legend__note">
                {note[language]}
              </p>
            ))}
            {overlays[manifest.id]?.snapshot && typeof overlays[manifest.id]?.lastDataAt === 'number' ? (
              <p className="overlay-legend__note overlay-legend__snapshot">{formatSnapshotLabel(intl, overlays[manifest.id]!.lastDataAt!)}</p>
            ) : null}
          </section>
        );
      })}
      {reopenable.length > 0 ? (
        <div className="overlay-legend-reopen">
          {reopenable.map((manifest) => (
            <button
              key={manifest.id}
              type="button"
              className="overlay-legend-reopen__button"
              data-overlay={manifest.id}
              aria-label={intl.formatMessage({ id: 'map.legend.open' }, { layer: manifest.name[language] })}
              onClick={() => reopen(manifest.id)}
            >
              <span className="overlay-legend-reopen__icon" aria-hidden="true" />
              {manifest.name[language]}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

export default OverlayLegends;
