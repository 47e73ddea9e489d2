/**
 * Time-aware overlays (manifest `time`, core/manifests/overlayTime.ts) offer their span to the time player: when
 * one is switched on the player opens on its `start`–`end` with its name as the label and its step on the slider;
 * switched off, it closes the player if it still holds it. The overlay engine draws the observations of the clock's
 * time itself (core/overlay/timeSteps.ts).
 */
import type { Disposer, OverlayContribution, Registry } from '../../core/plugin/types';
import type { AppStore } from '../../core/store/appStore';
import type { TimePlayerController, TimePlayerHandle } from './timePlayerController';

export function followTimeAwareOverlays(
  overlays: Pick<Registry<OverlayContribution>, 'list'>,
  store: AppStore,
  controller: Pick<TimePlayerController, 'open'>,
  report: (message: string, error: unknown) => void,
): Disposer {
  const handles = new Map<string, TimePlayerHandle>();
  const follow = () => {
    const shown = store.getState().overlays;
    for (const { manifest } of overlays.list()) {
      const series = manifest.time;
      if (!series) continue;
      const on = shown[manifest.id]?.shown === true;
      const handle = handles.get(manifest.id);
      if (on && !handle) {
        try {
          handles.set(
            manifest.id,
            controller.open({ start: new Date(series.start), end: new Date(series.end), stepSeconds: series.stepSeconds, label: manifest.name }),
          );
        } catch (error) {
          report(`the time series of overlay "${manifest.id}" could not open the time player`, error);
        }
      } else if (!on && handle) {
        handle.close();
        handles.delete(manifest.id);
      }
    }
  };
  follow();
  const stop = store.subscribe(follow);
  return () => {
    stop();
    for (const handle of handles.values()) handle.close();
    handles.clear();
  };
}
