/**
 * What the navigation help dialog lists: the map's mouse and touch gestures as CesiumJS's camera controller does
 * them with the settings core/map leaves at their defaults (ScreenSpaceCameraController: rotate = left drag,
 * zoom = right drag / wheel / pinch, tilt = middle drag / Ctrl + left or right drag / pinch, look = Shift + left
 * drag), and the keyboard keys the page really answers. Each gesture row names the controller setting it describes,
 * so controls.test.ts checks it against Cesium's own defaults and a Cesium upgrade that changes them fails there.
 */
import type { MessageId } from '../../core/plugin/types';

/** A ScreenSpaceCameraController setting and the CameraEventType (and modifier key) a gesture triggers it with. */
export interface CameraBinding {
  setting: 'rotateEventTypes' | 'zoomEventTypes' | 'tiltEventTypes' | 'lookEventTypes';
  eventType: 'LEFT_DRAG' | 'RIGHT_DRAG' | 'MIDDLE_DRAG' | 'WHEEL' | 'PINCH';
  modifier?: 'CTRL' | 'SHIFT';
}

/** One row of the dialog: what to do and what the map does then. */
export interface ControlRow {
  gesture: MessageId;
  result: MessageId;
  /** The camera-controller settings this row describes (none for clicks and keys, which core/map handles). */
  bindings: readonly CameraBinding[];
}

export const MOUSE_CONTROLS: readonly ControlRow[] = [
  { gesture: 'navigationHelp.mouse.leftDrag', result: 'navigationHelp.result.pan', bindings: [{ setting: 'rotateEventTypes', eventType: 'LEFT_DRAG' }] },
  {
    gesture: 'navigationHelp.mouse.wheelOrRightDrag',
    result: 'navigationHelp.result.zoom',
    bindings: [
      { setting: 'zoomEventTypes', eventType: 'WHEEL' },
      { setting: 'zoomEventTypes', eventType: 'RIGHT_DRAG' },
    ],
  },
  {
    gesture: 'navigationHelp.mouse.middleOrCtrlDrag',
    result: 'navigationHelp.result.tiltRotate',
    bindings: [
      { setting: 'tiltEventTypes', eventType: 'MIDDLE_DRAG' },
      { setting: 'tiltEventTypes', eventType: 'LEFT_DRAG', modifier: 'CTRL' },
      { setting: 'tiltEventTypes', eventType: 'RIGHT_DRAG', modifier: 'CTRL' },
    ],
  },
  { gesture: 'navigationHelp.mouse.shiftDrag', result: 'navigationHelp.result.look', bindings: [{ setting: 'lookEventTypes', eventType: 'LEFT_DRAG', modifier: 'SHIFT' }] },
  { gesture: 'navigationHelp.mouse.click', result: 'navigationHelp.result.click', bindings: [] },
];

export const TOUCH_CONTROLS: readonly ControlRow[] = [
  // Cesium reads a one-finger drag as a left drag and a two-finger gesture as a pinch.
  { gesture: 'navigationHelp.touch.oneFingerDrag', result: 'navigationHelp.result.pan', bindings: [{ setting: 'rotateEventTypes', eventType: 'LEFT_DRAG' }] },
  { gesture: 'navigationHelp.touch.pinch', result: 'navigationHelp.result.zoom', bindings: [{ setting: 'zoomEventTypes', eventType: 'PINCH' }] },
  { gesture: 'navigationHelp.touch.twoFingerDrag', result: 'navigationHelp.result.tilt', bindings: [{ setting: 'tiltEventTypes', eventType: 'PINCH' }] },
  { gesture: 'navigationHelp.touch.twoFingerTwist', result: 'navigationHelp.result.rotate', bindings: [{ setting: 'tiltEventTypes', eventType: 'PINCH' }] },
  { gesture: 'navigationHelp.touch.tap', result: 'navigationHelp.result.click', bindings: [] },
];

/**
 * Keys: the page's own (Tab order, buttons) and Escape, which core/map gives to the tool holding the pointer
 * (interactionModes) and every dialog and menu answers. The camera itself has no key bindings (Cesium has none;
 * a tool that drives the camera, such as first-person view, says its own keys).
 */
export const KEYBOARD_CONTROLS: readonly ControlRow[] = [
  { gesture: 'navigationHelp.keyboard.tab', result: 'navigationHelp.result.tab', bindings: [] },
  { gesture: 'navigationHelp.keyboard.enter', result: 'navigationHelp.result.enter', bindings: [] },
  { gesture: 'navigationHelp.keyboard.escape', result: 'navigationHelp.result.escape', bindings: [] },
];

/** The tool the dialog belongs to: its button in the tools bar, its quick-menu entry, its store switch. */
export const NAVIGATION_HELP_TOOL = 'navigation-help';
