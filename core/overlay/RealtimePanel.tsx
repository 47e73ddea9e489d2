/**
 * Real-time panels (SPEC §4): one compact card per shown realtime overlay with 'Data is being updated now',
 * the last data time in Hong Kong time, a countdown to the next update, and the data-error state of SPEC §8
 * ('Data Source is currently unavailable. Please visit later.'). The overlay engine writes the store fields
 * read here (OverlayFlags.updating, lastDataAt, nextRefreshAt, unavailable, snapshot). Recorded snapshot data
 * (`snapshot`) show "Snapshot of <observation time> — live data off" and no countdown (snapshotLabel.ts).
 *
 * The countdown ticks on a React timer, once a second and only while a countdown is shown; it never asks Cesium
 * for a frame. State changes are announced politely; the ticking countdown is a `timer`, which is not.
 */
import { useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useStore } from 'zustand';
import type { OverlayManifest } from '../manifests/schemas';
import type { Language } from '../plugin/types';
import type { AppStore, OverlayFlags } from '../store/appStore';
import { isOverlayOnShow } from './overlayOnShow';
import { HONG_KONG_TIME_ZONE } from './popupContent';
import { formatSnapshotLabel } from './snapshotLabel';

/** Countdown tick, ms. */
const TICK_MS = 1000;

/** `mm:ss` of the time left, rounded up to whole seconds, never negative; minutes go past 59 (`120:00`). */
export function formatCountdown(remainingMs: number): string {
  const seconds = Math.max(0, Math.ceil(remainingMs / 1000));
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Whether an overlay has a panel now: realtime on, and the overlay on show (shown, disclaimer accepted). */
export function hasRealtimePanel(manifest: OverlayManifest, flags: OverlayFlags | undefined): boolean {
  return manifest.realtime?.enabled === true && isOverlayOnShow(manifest, flags);
}

/** The current time, refreshed every second while `ticking`. */
function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return undefined;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}

export interface RealtimePanelsProps {
  store: AppStore;
  manifests: ReadonlyArray<OverlayManifest>;
}

export function RealtimePanels({ store, manifests }: RealtimePanelsProps) {
  const intl = useIntl();
  const overlays = useStore(store, (state) => state.overlays);
  const live = useMemo(
    () => manifests.filter((manifest) => hasRealtimePanel(manifest, overlays[manifest.id])).sort((a, b) => a.order - b.order),
    [manifests, overlays],
  );
  const counting = live.some((manifest) => isCountingDown(overlays[manifest.id]));
  const now = useNow(counting);
  if (live.length === 0) return null;
  return (
    <div className="realtime-panels" role="region" aria-label={intl.formatMessage({ id: 'map.realtime.region' })}>
      {live.map((manifest) => (
        <RealtimePanel key={manifest.id} manifest={manifest} flags={overlays[manifest.id]!} now={now} />
      ))}
    </div>
  );
}

function isCountingDown(flags: OverlayFlags | undefined): boolean {
  return !!flags && !flags.updating && typeof flags.nextRefreshAt === 'number';
}

function RealtimePanel({ manifest, flags, now }: { manifest: OverlayManifest; flags: OverlayFlags; now: number }) {
  const intl = useIntl();
  const language = intl.locale as Language;
  const name = manifest.name[language];
  const status = flags.unavailable
    ? intl.formatMessage({ id: 'map.realtime.unavailable' })
    : flags.updating
      ? intl.formatMessage({ id: 'map.realtime.updating' })
      : null;
  // A recorded snapshot says so, with its own observation time, instead of "Last data" and a countdown.
  const snapshot = flags.snapshot === true && typeof flags.lastDataAt === 'number';
  const lastData = snapshot
    ? formatSnapshotLabel(intl, flags.lastDataAt!)
    : typeof flags.lastDataAt === 'number'
      ? intl.formatMessage(
          { id: 'map.realtime.lastData' },
          {
            time: intl.formatDate(flags.lastDataAt, {
              dateStyle: 'medium',
              timeStyle: 'short',
              hourCycle: 'h23',
              timeZone: HONG_KONG_TIME_ZONE,
            }),
          },
        )
      : null;

  return (
    <section className="realtime-panel" data-overlay={manifest.id} data-state={flags.unavailable ? 'unavailable' : flags.updating ? 'updating' : 'idle'} aria-label={name}>
      <h3 className="realtime-panel__name">{name}</h3>
      <div className="realtime-panel__state" aria-live="polite">
        {status ? (
          <p className={flags.unavailable ? 'realtime-panel__status realtime-panel__status--error' : 'realtime-panel__status'}>
            {flags.updating && !flags.unavailable ? <span className="realtime-panel__spinner" aria-hidden="true" /> : null}
            {status}
          </p>
        ) : null}
        {lastData ? <p className={snapshot ? 'realtime-panel__last realtime-panel__snapshot' : 'realtime-panel__last'}>{lastData}</p> : null}
      </div>
      {isCountingDown(flags) && !snapshot ? (
        <p className="realtime-panel__countdown" role="timer">
          {intl.formatMessage({ id: 'map.realtime.nextUpdate' }, { countdown: formatCountdown(flags.nextRefreshAt! - now) })}
        </p>
      ) : null}
    </section>
  );
}

export default RealtimePanels;
