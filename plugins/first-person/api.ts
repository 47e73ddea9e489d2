/**
 * What other plugins may use of first-person view: looking around by dragging (VR's drag steering, where the device
 * gives no orientation, turns the view the same way), with its rate and pitch limit.
 */
export { lookFromDrag, LOOK_DEGREES_PER_PIXEL, MAX_PITCH_DEGREES } from './walking';
