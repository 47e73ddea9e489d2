import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { ToolContribution } from '../../core/plugin/types';
import { switchKeyOf } from '../../core/plugin/host';
import { readSwitch } from '../../core/exclusivity/applySwitch';
import { appStore, useAppStore } from '../../core/store';
import { useRegistryItems } from '../plugins/PluginHostContext';
import { HeaderMenu } from './HeaderMenu';
import { ToolButtonFace } from './ToolButtonFace';
import { Tooltip } from './Tooltip';
import { useToolLabels } from './toolLabels';
import { fitToolBar, type ToolBarFit } from './toolBarFit';

/**
 * Buttons of the `tools` registry for one placement. Actions call `run()`; toggles flip the core store's
 * switch (`switchKey`, default `toggle:<id>`; the plugin host then calls `onToggle` and core emits
 * `feature::on|off`). A tool that `requiresThreeD` is disabled, saying why, while the 3D spatial data is off.
 * Each button shows its name in the shared tooltip (hover, keyboard focus), or as text while the labels setting
 * (toolLabels.ts) is on (the tooltip stays: a short map hides the tools bar's text). The bars stand at the map's right edge, so the tooltip opens to the left.
 *
 * With `fitRoom` the bar keeps to the height of its parent (the map's bottom-right corner, which flexes to the room
 * the navigation bar leaves): past one column it takes more, up to a quarter of the map's width (one on a phone or
 * with names shown, where a second column would squeeze the panels beside it), and the tools that still do not fit
 * go, last first, into a "More tools" menu at the bar's end (the header's disclosure menu: arrow keys, Escape). The
 * menu's button counts the tools in it that are on, so a tool switched on stays visibly on.
 */
export function ToolBar({ placement, fitRoom = false }: { placement: ToolContribution['placement']; fitRoom?: boolean }) {
  const intl = useIntl();
  const labels = useToolLabels();
  const tools = useRegistryItems('tools')
    .filter((tool) => tool.placement === placement)
    .slice()
    .sort((a, b) => (a.order ?? 100) - (b.order ?? 100));
  // The whole state: a toggle may show any switch (a core mode as well as `toggles`).
  const state = useAppStore((current) => current);
  const threeDOff = !state.threeD;
  const bar = useRef<HTMLDivElement | null>(null);
  const [fit, setFit] = useState<ToolBarFit>({ columns: 1, inBar: Infinity });
  const [moreOpen, setMoreOpen] = useState(false);

  useLayoutEffect(() => {
    const element = bar.current;
    const room = element?.parentElement;
    if (!fitRoom || !element || !room) return undefined;
    const measure = () => {
      const next = measureFit(element, room, tools.length, labels);
      if (next) setFit((current) => (current.columns === next.columns && current.inBar === next.inBar ? current : next));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(room);
    for (const sibling of Array.from(room.children)) if (sibling !== element) observer.observe(sibling);
    return () => observer.disconnect();
  }, [fitRoom, tools.length, labels]);

  // A menu left open when the bar grew to hold every tool would come back open, unasked, when it shrinks again.
  const overflows = fit.inBar < tools.length;
  useEffect(() => {
    if (!overflows) setMoreOpen(false);
  }, [overflows]);

  if (tools.length === 0) return null;
  const inBar = tools.slice(0, fit.inBar);
  const overflow = tools.slice(fit.inBar);
  type Tool = (typeof tools)[number];
  const isOn = (tool: Tool) => tool.kind === 'toggle' && readSwitch(state, switchKeyOf(tool));
  const overflowOn = overflow.filter(isOn).length;

  const renderButton = (tool: Tool, inMenu: { close: () => void } | null) => {
    const label = intl.formatMessage({ id: tool.label });
    const needsThreeD = tool.requiresThreeD === true && threeDOff;
    const required = intl.formatMessage({ id: 'core.threeD.required' });
    const tip = needsThreeD ? `${label}: ${required}` : label;
    // In the menu the name always shows beside the icon.
    const face = <ToolButtonFace icon={tool.icon ?? label.slice(0, 1)} label={label} shown={labels || inMenu !== null} />;
    const on = isOn(tool);
    const activate = () => {
      if (needsThreeD) return;
      // The menu gives the map back first: the tool's own panel or mode is what comes next.
      inMenu?.close();
      if (tool.kind === 'toggle') {
        appStore.getState().setSwitch(switchKeyOf(tool), !on);
        return;
      }
      try {
        tool.run?.();
      } catch (error) {
        console.error(`tool "${tool.id}" of plugin "${tool.owner}" failed`, error);
      }
    };
    const button = (
      <button
        type="button"
        className={on ? 'tool-bar__button is-active' : 'tool-bar__button'}
        aria-label={label}
        aria-description={needsThreeD ? required : undefined}
        aria-pressed={tool.kind === 'toggle' ? on : undefined}
        aria-disabled={needsThreeD || undefined}
        data-tool={tool.id}
        onClick={activate}
      >
        {face}
      </button>
    );
    if (inMenu) return <li key={tool.id}>{needsThreeD ? <Tooltip content={tip} placement="left">{button}</Tooltip> : button}</li>;
    return (
      <Tooltip key={tool.id} content={tip} placement="left">
        {button}
      </Tooltip>
    );
  };

  const moreName = intl.formatMessage({ id: 'app.tools.more' });
  const moreLabel = overflowOn > 0 ? intl.formatMessage({ id: 'app.tools.moreOn' }, { count: overflowOn }) : moreName;
  return (
    <div
      ref={bar}
      className={`tool-bar tool-bar--${placement}${labels ? ' tool-bar--labelled' : ''}${fit.columns > 1 ? ' tool-bar--columns' : ''}`}
      style={fit.columns > 1 ? { gridTemplateColumns: `repeat(${fit.columns}, auto)` } : undefined}
      role="toolbar"
      aria-label={intl.formatMessage({ id: `app.tools.${placement}` })}
    >
      {inBar.map((tool) => renderButton(tool, null))}
      {overflow.length > 0 ? (
        <HeaderMenu
          menuId="map-tools"
          ownState={{ open: moreOpen, toggle: () => setMoreOpen((open) => !open), close: () => setMoreOpen(false) }}
          label={moreLabel}
          placement="left-end"
          className="tool-bar__more"
          buttonClassName={overflowOn > 0 ? 'tool-bar__button is-active' : 'tool-bar__button'}
          buttonContent={
            <>
              <ToolButtonFace icon="⋯" label={moreName} shown={labels} />
              {overflowOn > 0 ? (
                <span className="tool-bar__count" aria-hidden="true">
                  {overflowOn}
                </span>
              ) : null}
            </>
          }
        >
          {(close) => <ul className="tool-bar__menu">{overflow.map((tool) => renderButton(tool, { close }))}</ul>}
        </HeaderMenu>
      ) : null}
    </div>
  );
}

/** Reads the room and the buttons' size off the page; null while the bar has no button to measure. */
function measureFit(bar: HTMLElement, room: HTMLElement, tools: number, labelled: boolean): ToolBarFit | null {
  const button = bar.querySelector<HTMLElement>('.tool-bar__button');
  if (!button) return null;
  const px = (value: string) => Number.parseFloat(value) || 0;
  const roomStyle = getComputedStyle(room);
  const roomGap = px(roomStyle.rowGap);
  let height = room.clientHeight - px(roomStyle.paddingTop) - px(roomStyle.paddingBottom);
  for (const sibling of Array.from(room.children)) {
    if (sibling === bar || !(sibling instanceof HTMLElement) || sibling.offsetHeight === 0) continue;
    height -= sibling.offsetHeight + roomGap;
  }
  const barStyle = getComputedStyle(bar);
  height -= px(barStyle.paddingTop) + px(barStyle.paddingBottom) + px(barStyle.borderTopWidth) + px(barStyle.borderBottomWidth);
  const mapWidth = bar.closest<HTMLElement>('.map-page')?.clientWidth ?? window.innerWidth;
  // Columns up to a quarter of the map's width, so the panels beside keep theirs (an 800 px map: four); one on a
  // phone's map (600 px, as map-page.css) or with names shown, whose columns are wide.
  const columnWidth = button.offsetWidth + px(barStyle.columnGap);
  const maxColumns = mapWidth <= 600 || labelled ? 1 : Math.max(1, Math.floor((mapWidth / 4) / columnWidth));
  return fitToolBar({ tools, height, buttonHeight: button.offsetHeight, gap: px(barStyle.rowGap), maxColumns });
}
