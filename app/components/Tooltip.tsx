/**
 * The one tooltip of the map's tool buttons (navigation bar, tool bars, drawer bar, labels switch): the button's
 * name, shown on mouse hover and on keyboard focus, hidden by Escape, by leaving or by blurring. Floating UI places
 * it beside the button (flipping and shifting to stay in the window). The button keeps its own accessible name
 * (aria-label); the tooltip repeats it for sighted users, so it is not linked as a description (screen readers
 * would read the name twice). A tap on a touch screen shows none: the name is the button's, the labels switch
 * (toolLabels.ts) shows it as text.
 */
import { cloneElement, useId, useState, type ReactElement, type ReactNode, type Ref } from 'react';
import {
  autoUpdate,
  flip,
  FloatingPortal,
  offset,
  shift,
  useDismiss,
  useFloating,
  useFocus,
  useHover,
  useInteractions,
  useMergeRefs,
  type Placement,
} from '@floating-ui/react';

export interface TooltipProps {
  /** What the tooltip says (the button's name, and why it is disabled where it is). */
  content: ReactNode;
  /** Side of the button it prefers; it flips to the other side where the window leaves no room. */
  placement?: Placement;
  /** No tooltip (the name already shows as text beside the icon). */
  disabled?: boolean;
  /** The button: one element taking a ref and event handlers. */
  children: ReactElement<Record<string, unknown> & { ref?: Ref<HTMLElement> }>;
}

export function Tooltip({ content, placement = 'right', disabled = false, children }: TooltipProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const shown = open && !disabled;
  const { refs, floatingStyles, context } = useFloating({
    open: shown,
    onOpenChange: setOpen,
    placement,
    strategy: 'fixed',
    whileElementsMounted: autoUpdate,
    middleware: [offset(8), flip({ padding: 4 }), shift({ padding: 4 })],
  });
  const hover = useHover(context, { mouseOnly: true, delay: { open: 200, close: 0 } });
  const focus = useFocus(context);
  const dismiss = useDismiss(context, { escapeKey: true, referencePress: true });
  const { getReferenceProps, getFloatingProps } = useInteractions([hover, focus, dismiss]);
  const ref = useMergeRefs([refs.setReference, children.props.ref]);
  return (
    <>
      {cloneElement(children, getReferenceProps({ ...children.props, ref }))}
      {shown ? (
        <FloatingPortal>
          <div ref={refs.setFloating} id={id} role="tooltip" className="tooltip" style={floatingStyles} {...getFloatingProps()}>
            {content}
          </div>
        </FloatingPortal>
      ) : null}
    </>
  );
}
