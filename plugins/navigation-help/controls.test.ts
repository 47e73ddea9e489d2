// @vitest-environment jsdom
import { CameraEventType, GeographicProjection, KeyboardEventModifier, ScreenSpaceCameraController } from 'cesium';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../core/plugin/types';
import { KEYBOARD_CONTROLS, MOUSE_CONTROLS, TOUCH_CONTROLS, type CameraBinding } from './controls';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

type EventTypeSetting = number | { eventType: number; modifier?: number } | ReadonlyArray<number | { eventType: number; modifier?: number }>;

/** Whether a controller setting (one type, a {eventType, modifier} or a list of either) holds the binding. */
function holds(setting: EventTypeSetting, binding: CameraBinding): boolean {
  const eventType = CameraEventType[binding.eventType];
  const modifier = binding.modifier ? KeyboardEventModifier[binding.modifier] : undefined;
  const entries = Array.isArray(setting) ? setting : [setting];
  return entries.some((entry) =>
    typeof entry === 'number' ? entry === eventType && modifier === undefined : entry.eventType === eventType && entry.modifier === modifier,
  );
}

describe('navigation help controls', () => {
  // The camera controller of a real Cesium scene, with only what its constructor reads.
  const canvas = document.createElement('canvas');
  const controller = new ScreenSpaceCameraController({ canvas, mapProjection: new GeographicProjection() } as never) as unknown as Record<CameraBinding['setting'], EventTypeSetting>;

  it("describes what Cesium's camera controller really does with each mouse and touch gesture", () => {
    const rows = [...MOUSE_CONTROLS, ...TOUCH_CONTROLS];
    for (const row of rows) {
      for (const binding of row.bindings) expect(holds(controller[binding.setting], binding), `${row.gesture}: ${JSON.stringify(binding)}`).toBe(true);
    }
    // A gesture the controller has that the dialog left out would make the help untrue by omission.
    const described = rows.flatMap((row) => row.bindings);
    for (const setting of ['rotateEventTypes', 'zoomEventTypes', 'tiltEventTypes', 'lookEventTypes'] as const) {
      const entries = ([] as unknown[]).concat(controller[setting]) as Array<number | { eventType: number; modifier?: number }>;
      for (const entry of entries) {
        const [eventType, modifier] = typeof entry === 'number' ? [entry, undefined] : [entry.eventType, entry.modifier];
        const found = described.some(
          (binding) =>
            binding.setting === setting &&
            CameraEventType[binding.eventType] === eventType &&
            (binding.modifier ? KeyboardEventModifier[binding.modifier] : undefined) === modifier,
        );
        expect(found, `${setting} ${eventType}/${modifier ?? '-'} is not in the dialog`).toBe(true);
      }
    }
  });

  it('has every row in the three languages', () => {
    const root = resolve(import.meta.dirname, '../..');
    for (const language of LANGUAGES) {
      const table = JSON.parse(readFileSync(resolve(root, `locales/${language}/navigation-help.json`), 'utf8')) as Record<string, string>;
      for (const row of [...MOUSE_CONTROLS, ...TOUCH_CONTROLS, ...KEYBOARD_CONTROLS]) {
        expect(table[row.gesture], `${language} ${row.gesture}`).toBeTruthy();
        expect(table[row.result], `${language} ${row.result}`).toBeTruthy();
      }
    }
  });
});
