import { isTouchDevice } from '../../core/map/views';
import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION, type Disposer } from '../../core/plugin/types';
import { setWalkController } from './context';
import { createFirstPersonSearchMode } from './searchMode';
import { createWalkController, FIRST_PERSON_CONTROL_MODE, FIRST_PERSON_TOOL } from './walkController';

/** How long the exit message stays, ms. */
const EXIT_MESSAGE_MS = 6000;

/**
 * First-person view (SPEC §1; variant flag `firstPersonView`): a toggle tool whose next click on the map is where
 * to stand, and a keyword-search mode that stands at the chosen place; walk with W/A/S/D or the arrows, look by
 * dragging, run with Shift; Escape or the panel's button leaves, with a message, and restores the view. Blocked
 * on phones and tablets (SPEC §5, touch support as SPEC §9's mobile check).
 */
export default definePlugin({
  id: 'first-person',
  apiVersion: PLUGIN_API_VERSION,
  activate(ctx) {
    const store = ctx.store;
    const switchOff = () => store.getState().setToggle(FIRST_PERSON_TOOL, false);
    let exitMessage: Disposer | null = null;
    let exitTimer: ReturnType<typeof setTimeout> | undefined;
    const clearExitMessage = () => {
      clearTimeout(exitTimer);
      exitMessage?.();
      exitMessage = null;
    };
    const controller = createWalkController({
      map: ctx.map,
      requestOff: switchOff,
      setControlMode: (mode) => store.getState().setControlMode(mode),
      onExited: () => {
        clearExitMessage();
        exitMessage = ctx.notices.show({ id: 'first-person-exited', message: () => ctx.i18n.format('firstPerson.exited'), severity: 'info' });
        exitTimer = setTimeout(clearExitMessage, EXIT_MESSAGE_MS);
      },
    });
    setWalkController(controller);

    /** SPEC §5: no first-person view on phones; says so and leaves the switch off. */
    const refusedOnPhone = () => {
      if (!isTouchDevice()) return false;
      ctx.notices.show({ id: 'first-person-phone', message: () => ctx.i18n.format('firstPerson.mobileBlocked'), severity: 'warning' });
      return true;
    };

    ctx.tools.register({
      id: FIRST_PERSON_TOOL,
      label: 'firstPerson.tool',
      icon: '⇡',
      placement: 'tools',
      order: 25,
      kind: 'toggle',
      // One tool drives the camera at a time (VR joins the same group).
      exclusiveGroups: ['camera-control'],
      onToggle: (on) => {
        if (on && refusedOnPhone()) {
          // Not from inside the store's notification of this very switch.
          queueMicrotask(switchOff);
          return;
        }
        if (on) clearExitMessage();
        controller.setActive(on);
      },
    });
    ctx.searchModes.register(
      createFirstPersonSearchMode(ctx, (result) => {
        if (refusedOnPhone()) return;
        clearExitMessage();
        store.getState().setToggle(FIRST_PERSON_TOOL, true);
        void controller.enterAt(result);
      }),
    );
    ctx.slots.register({
      id: 'first-person-panel',
      slot: 'map.top-left',
      order: 35,
      component: () => import('./components/FirstPersonPanel'),
    });
    // SPEC §2: opening a drawer resets the control mode; a walk ends with it.
    const stopWatchingControlMode = store.subscribe((state) => {
      // Not from inside the store's notification: the other listeners would see the switch still on afterwards.
      if (controller.getState().phase === 'walking' && state.controlMode !== FIRST_PERSON_CONTROL_MODE) queueMicrotask(switchOff);
    });
    return () => {
      stopWatchingControlMode();
      clearExitMessage();
      controller.dispose();
      setWalkController(null);
    };
  },
});
