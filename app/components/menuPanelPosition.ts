/**
 * Places a header menu's panel under its button with Floating UI (below, end-aligned, flipped, shifted and sized
 * to stay in the window) and keeps it there while the page scrolls or resizes. A module of its own, loaded when a
 * menu first opens: the header is on every first paint, the positioning is needed only once a menu is open.
 */
// From the declared dependency, which re-exports Floating UI's DOM functions (no React hooks needed here).
import { autoUpdate, computePosition, flip, offset, shift, size, type Placement } from '@floating-ui/react';

/** Positions `panel` against `button` (on the side `placement` names) until the returned function is called. */
export function placeMenuPanel(button: HTMLElement, panel: HTMLElement, placement: Placement = 'bottom-end'): () => void {
  const update = () =>
    void computePosition(button, panel, {
      placement,
      strategy: 'absolute',
      middleware: [
        offset(8),
        flip(),
        shift({ padding: 8 }),
        size({
          padding: 8,
          apply({ availableHeight, availableWidth, elements }) {
            elements.floating.style.maxHeight = `${Math.max(200, availableHeight)}px`;
            elements.floating.style.maxWidth = `${Math.max(240, availableWidth)}px`;
          },
        }),
      ],
    }).then(({ x, y, strategy }) => {
      Object.assign(panel.style, { position: strategy, left: `${x}px`, top: `${y}px`, right: 'auto' });
    });
  return autoUpdate(button, panel, update);
}
