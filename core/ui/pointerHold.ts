/**
 * A tool's hold on the map's pointer for picking places (MapFacade.takePointer): at most one mode of the tool at a
 * time. `take` gives back the tool's earlier mode, if any, and takes the pointer for `mode`; `release` gives it
 * back (`onEnd` is not called, as with takePointer's disposer); when Escape ends the mode the hold forgets it
 * before the mode's own `onEnd` runs, so a later `release` does nothing. `holding` says whether the tool has it.
 */
import type { Disposer, MapFacade, PointerMode } from '../plugin/types';

export interface PointerHold {
  take(mode: PointerMode): void;
  release(): void;
  holding(): boolean;
}

export function createPointerHold(map: Pick<MapFacade, 'takePointer'>): PointerHold {
  let releasePointer: Disposer | null = null;
  const release = () => {
    const give = releasePointer;
    releasePointer = null;
    give?.();
  };
  return {
    take(mode) {
      release();
      releasePointer = map.takePointer({
        ...mode,
        onEnd() {
          releasePointer = null;
          mode.onEnd?.();
        },
      });
    },
    release,
    holding: () => releasePointer !== null,
  };
}
