import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { FunctionGroupId } from '../../core/exclusivity';
import { appStore, useAppStore } from '../../core/store';
import { Contribution } from '../plugins/ContributionBoundary';
import { useRegistryItems } from '../plugins/PluginHostContext';
import { HeaderMenu } from './HeaderMenu';
import './drawer-bar.css';
import { Icon } from './icons';
import { LoadingOverlay } from './LoadingOverlay';
import { ToolButtonFace } from './ToolButtonFace';
import { Tooltip } from './Tooltip';
import { setToolLabels, useToolLabels } from './toolLabels';

function useDrawers() {
  return useRegistryItems('drawers')
    .slice()
    .sort((a, b) => (a.order ?? 100) - (b.order ?? 100));
}

type Drawer = ReturnType<typeof useDrawers>[number];

/** One place in the bar: a drawer on its own, or a function group's button with its drawers in a menu. */
type BarEntry = { kind: 'drawer'; drawer: Drawer } | { kind: 'group'; group: FunctionGroupId; drawers: Drawer[] };

/**
 * The bar's entries in drawer order: a function group (SPEC §2) with two drawers or more becomes one entry where
 * its first drawer would be; a group of one shows its drawer as it is, since a menu of one item is a needless step.
 */
export function barEntries(drawers: readonly Drawer[]): BarEntry[] {
  const entries: BarEntry[] = [];
  const placed = new Set<FunctionGroupId>();
  for (const drawer of drawers) {
    const group = drawer.functionGroup;
    const members = group ? drawers.filter((other) => other.functionGroup === group) : [];
    if (!group || members.length < 2) entries.push({ kind: 'drawer', drawer });
    else if (!placed.has(group)) {
      placed.add(group);
      entries.push({ kind: 'group', group, drawers: members });
    }
  }
  return entries;
}

/**
 * The function-drawer buttons (the `drawers` registry). Opening goes through the core store, so the "one drawer
 * at a time" rule and its resets apply. Each button shows its drawer's title in the shared tooltip, or as text
 * while the labels setting is on. The drawers of a function group (land, living, environmental) sit in a menu
 * behind their group's button (the header's disclosure menu: arrow keys, Escape returns to the button); opening
 * one switches its group on and the others off (core/exclusivity/functionGroups.ts, followed by the plugin host). The open
 * drawer's panel is `DrawerPanel`, placed by app/map apart from the bar (beside it on a wide map, under the search
 * box on a phone).
 */
export function DrawerBar() {
  const intl = useIntl();
  const labels = useToolLabels();
  const drawers = useDrawers();
  const flags = useAppStore((state) => state.drawers);
  const threeDOff = useAppStore((state) => !state.threeD);
  const [openGroup, setOpenGroup] = useState<FunctionGroupId | null>(null);
  if (drawers.length === 0) return null;

  const renderDrawerButton = (drawer: Drawer, menu: { close: () => void } | null) => {
    const title = intl.formatMessage({ id: drawer.title });
    const shown = flags[drawer.id]?.shown ?? false;
    // SPEC §5: a drawer that needs the 3D spatial data (land parcel search) says so and stays shut while it is off.
    const needsThreeD = drawer.requiresThreeD === true && threeDOff;
    const required = intl.formatMessage({ id: 'core.threeD.required' });
    const button = (
      <button
        type="button"
        className={shown ? 'drawer-bar__button is-active' : 'drawer-bar__button'}
        aria-label={title}
        aria-description={needsThreeD ? required : undefined}
        aria-expanded={shown}
        aria-disabled={needsThreeD || undefined}
        aria-controls={shown ? `drawer-panel-${drawer.id}` : undefined}
        data-drawer={drawer.id}
        onClick={() => {
          if (needsThreeD) return;
          appStore.getState().toggleDrawer(drawer.id);
          menu?.close();
        }}
      >
        <ToolButtonFace icon={drawer.icon ?? title.slice(0, 1)} label={title} shown={labels || menu !== null} />
      </button>
    );
    if (menu) return <li key={drawer.id}>{needsThreeD ? <Tooltip content={`${title}: ${required}`} placement="right">{button}</Tooltip> : button}</li>;
    return (
      <Tooltip key={drawer.id} content={needsThreeD ? `${title}: ${required}` : title} placement="right">
        {button}
      </Tooltip>
    );
  };

  const renderGroup = (group: FunctionGroupId, members: Drawer[]) => {
    const name = intl.formatMessage({ id: `app.drawers.group.${group}` });
    const openDrawer = members.find((drawer) => flags[drawer.id]?.shown);
    const label = openDrawer
      ? intl.formatMessage({ id: 'app.drawers.groupOpen' }, { group: name, drawer: intl.formatMessage({ id: openDrawer.title }) })
      : name;
    return (
      // The tooltip names the group on hover and focus (the menu's own element takes no ref, so a wrapper carries it);
      // it gives way while the menu is open beside the button.
      <Tooltip key={`group-${group}`} content={label} placement="right" disabled={openGroup === group || labels}>
        <div className="drawer-bar__group-anchor">
          <HeaderMenu
            menuId={`function-group-${group}`}
            ownState={{
              open: openGroup === group,
              toggle: () => setOpenGroup((current) => (current === group ? null : group)),
              close: () => setOpenGroup((current) => (current === group ? null : current)),
            }}
            label={label}
            placement="right-start"
            className="drawer-bar__group"
            buttonClassName={openDrawer ? 'drawer-bar__button drawer-bar__group-button is-active' : 'drawer-bar__button drawer-bar__group-button'}
            buttonContent={<ToolButtonFace icon={GROUP_ICONS[group]} label={name} shown={labels} />}
          >
            {(close) => (
              <>
                <p className="drawer-bar__menu-title" aria-hidden="true">
                  {name}
                </p>
                <ul className="drawer-bar__menu">{members.map((drawer) => renderDrawerButton(drawer, { close }))}</ul>
              </>
            )}
          </HeaderMenu>
        </div>
      </Tooltip>
    );
  };

  return (
    <nav className={labels ? 'drawer-bar drawer-bar--labelled' : 'drawer-bar'} aria-label={intl.formatMessage({ id: 'app.drawers.label' })}>
      {barEntries(drawers).map((entry) => (entry.kind === 'drawer' ? renderDrawerButton(entry.drawer, null) : renderGroup(entry.group, entry.drawers)))}
    </nav>
  );
}

/** A symbol per function group on its button (its name is the accessible name and the tooltip). */
const GROUP_ICONS: Record<FunctionGroupId, string> = { land: '▦', living: '⌂', environmental: '≈' };

/** The open drawer's panel, with its title in a visible heading; nothing while every drawer is shut. */
export function DrawerPanel() {
  const intl = useIntl();
  const drawers = useDrawers();
  const flags = useAppStore((state) => state.drawers);
  const open = drawers.find((drawer) => flags[drawer.id]?.shown);
  if (!open) return null;
  const title = intl.formatMessage({ id: open.title });
  return (
    <aside
      id={`drawer-panel-${open.id}`}
      className={['drawer-panel', open.fullHeight ? 'drawer-panel--full-height' : '', open.wide ? 'drawer-panel--wide' : ''].filter(Boolean).join(' ')}
      aria-labelledby={`drawer-panel-title-${open.id}`}
      data-drawer-panel={open.id}
    >
      <div className="drawer-panel__header">
        <h2 id={`drawer-panel-title-${open.id}`}>{title}</h2>
        <button
          type="button"
          className="icon-button icon-button--plain"
          aria-label={intl.formatMessage({ id: 'app.drawers.close' }, { drawer: title })}
          onClick={() => appStore.getState().closeDrawer(open.id)}
        >
          <Icon name="close" />
        </button>
      </div>
      <div className="drawer-panel__body">
        <Contribution key={open.id} id={open.id} owner={open.owner} loader={open.component} fallback={<LoadingOverlay />} />
      </div>
    </aside>
  );
}

/**
 * The switch of the labels setting: every tool bar and the drawer bar show their buttons' names as text beside
 * the icons while it is pressed; the browser remembers it (toolLabels.ts).
 */
export function ToolLabelsSwitch() {
  const intl = useIntl();
  const labels = useToolLabels();
  const name = intl.formatMessage({ id: 'app.tools.labels' });
  return (
    <div className={labels ? 'tool-bar tool-bar--labels tool-bar--labelled' : 'tool-bar tool-bar--labels'}>
      <Tooltip content={name} placement="right">
        <button
          type="button"
          className={labels ? 'tool-bar__button is-active' : 'tool-bar__button'}
          aria-label={name}
          aria-pressed={labels}
          data-tool="tool-labels"
          onClick={() => setToolLabels(!labels)}
        >
          <ToolButtonFace icon="Aa" label={name} shown={labels} />
        </button>
      </Tooltip>
    </div>
  );
}
