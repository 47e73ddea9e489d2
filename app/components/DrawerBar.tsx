import { useIntl } from 'react-intl';
import { appStore, useAppStore } from '../../core/store';
import { Contribution } from '../plugins/ContributionBoundary';
import { useRegistryItems } from '../plugins/PluginHostContext';
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

/**
 * The function-drawer buttons (the `drawers` registry). Opening goes through the core store, so the "one drawer
 * at a time" rule and its resets apply. Each button shows its drawer's title in the shared tooltip, or as text
 * while the labels setting is on. The open drawer's panel is `DrawerPanel`, placed by app/map apart from the bar
 * (beside it on a wide map, under the search box on a phone).
 */
export function DrawerBar() {
  const intl = useIntl();
  const labels = useToolLabels();
  const drawers = useDrawers();
  const flags = useAppStore((state) => state.drawers);
  const threeDOff = useAppStore((state) => !state.threeD);
  if (drawers.length === 0) return null;

  return (
    <nav className={labels ? 'drawer-bar drawer-bar--labelled' : 'drawer-bar'} aria-label={intl.formatMessage({ id: 'app.drawers.label' })}>
      {drawers.map((drawer) => {
        const title = intl.formatMessage({ id: drawer.title });
        const shown = flags[drawer.id]?.shown ?? false;
        // SPEC §5: a drawer that needs the 3D spatial data (land parcel search) says so and stays shut while it is off.
        const needsThreeD = drawer.requiresThreeD === true && threeDOff;
        const required = intl.formatMessage({ id: 'core.threeD.required' });
        return (
          <Tooltip key={drawer.id} content={needsThreeD ? `${title}: ${required}` : title} placement="right">
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
                if (!needsThreeD) appStore.getState().toggleDrawer(drawer.id);
              }}
            >
              <ToolButtonFace icon={drawer.icon ?? title.slice(0, 1)} label={title} shown={labels} />
            </button>
          </Tooltip>
        );
      })}
    </nav>
  );
}

/** The open drawer's panel, with its title in a visible heading; nothing while every drawer is shut. */
export function DrawerPanel() {
  const intl = useIntl();
  const drawers = useDrawers();
  const flags = useAppStore((state) => state.drawers);
  const open = drawers.find((drawer) => flags[drawer.id]?.shown);
  if (!open) return null;
  const title = intl.formatMessage({ id: open.title });
  return (
    <aside id={`drawer-panel-${open.id}`} className="drawer-panel" aria-labelledby={`drawer-panel-title-${open.id}`} data-drawer-panel={open.id}>
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
