/**
 * A header disclosure menu positioned with Floating UI: the button carries aria-expanded / aria-controls,
 * arrow keys (and Home/End) move between the panel's links and buttons, Escape closes and returns focus
 * to the button, a click outside closes. Which menu is open lives in the core store (menus are exclusive).
 */
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { autoUpdate, flip, offset, shift, size, useDismiss, useFloating, useInteractions } from '@floating-ui/react';
import { useMenus, type MenuId } from '../state/menus';

const FOCUSABLE = 'a[href], button:not([disabled])';

export interface HeaderMenuProps {
  menuId: MenuId;
  /** Accessible name of the button (already translated). */
  label: string;
  /** Visible content of the button. */
  buttonContent: ReactNode;
  className?: string;
  /** Panel content; `close` closes the menu and returns focus. */
  children: (close: () => void) => ReactNode;
}

export function HeaderMenu({ menuId, label, buttonContent, className, children }: HeaderMenuProps) {
  const { openMenuId, toggleMenu, closeMenu } = useMenus();
  const open = openMenuId === menuId;
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement | null>(null);
  const panelRef = useRef<HTMLDivElement | null>(null);

  const { refs, floatingStyles, context } = useFloating({
    open,
    onOpenChange: (next) => {
      if (!next) closeMenu(menuId);
    },
    placement: 'bottom-end',
    whileElementsMounted: autoUpdate,
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
  });
  // Escape is handled below so focus can go back to the button.
  const dismiss = useDismiss(context, { escapeKey: false });
  const { getReferenceProps, getFloatingProps } = useInteractions([dismiss]);

  useEffect(() => {
    if (!open) return;
    const first = panelRef.current?.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
  }, [open]);

  const close = () => {
    closeMenu(menuId);
    buttonRef.current?.focus();
  };

  const onPanelKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = Array.from(panelRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
    const index = items.indexOf(document.activeElement as HTMLElement);
    let next: HTMLElement | undefined;
    switch (event.key) {
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        close();
        return;
      case 'ArrowDown':
      case 'ArrowRight':
        next = items[(index + 1) % items.length];
        break;
      case 'ArrowUp':
      case 'ArrowLeft':
        next = items[(index - 1 + items.length) % items.length];
        break;
      case 'Home':
        next = items[0];
        break;
      case 'End':
        next = items[items.length - 1];
        break;
      default:
        return;
    }
    event.preventDefault();
    next?.focus();
  };

  return (
    <div className={`header-menu ${className ?? ''}`}>
      <button
        type="button"
        className="header-menu__button icon-button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        data-menu={menuId}
        {...getReferenceProps({
          ref: (node: HTMLButtonElement | null) => {
            buttonRef.current = node;
            refs.setReference(node);
          },
          onClick: () => toggleMenu(menuId),
          onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
            if (event.key === 'ArrowDown' && !open) {
              event.preventDefault();
              toggleMenu(menuId);
            } else if (event.key === 'Escape' && open) {
              event.preventDefault();
              closeMenu(menuId);
            }
          },
        })}
      >
        {buttonContent}
      </button>
      <div
        id={panelId}
        hidden={!open}
        className={`header-menu__panel header-menu__panel--${menuId}`}
        aria-label={label}
        role="region"
        {...getFloatingProps({
          ref: (node: HTMLDivElement | null) => {
            panelRef.current = node;
            refs.setFloating(node);
          },
          onKeyDown: onPanelKeyDown,
        })}
        style={open ? floatingStyles : undefined}
      >
        {open ? children(close) : null}
      </div>
    </div>
  );
}
