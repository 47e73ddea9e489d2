import { useIntl } from 'react-intl';
import { appStore, useAppStore } from '../../core/store';
import { Contribution } from '../plugins/ContributionBoundary';
import { useRegistryItems } from '../plugins/PluginHostContext';
import { Icon } from './icons';
import { LoadingOverlay } from './LoadingOverlay';

/**
 * The function-drawer buttons (the `drawers` registry) and the open drawer's panel. Opening goes through
 * the core store, so the "one drawer at a time" rule and its resets apply.
 */
export function DrawerBar() {
  const intl = useIntl();
  const drawers = useRegistryItems('drawers')
    .slice()
    .sort((a, b) => (a.order ?? 100) - (b.order ?? 100));
  const flags = useAppStore((state) => state.drawers);
  const threeDOff = useAppStore((state) => !state.threeD);
  if (drawers.length === 0) return null;
  const open = drawers.find((drawer) => flags[drawer.id]?.shown);

  return (
    <>
      <nav className="drawer-bar" aria-label={intl.formatMessage({ id: 'app.drawers.label' })}>
        {drawers.map((drawer) => {
          const title = intl.formatMessage({ id: drawer.title });
          const shown = flags[drawer.id]?.shown ?? false;
          // SPEC §5: a drawer that needs the 3D spatial data (land parcel search) says so and stays shut while it is off.
          const needsThreeD = drawer.requiresThreeD === true && threeDOff;
          const required = intl.formatMessage({ id: 'core.threeD.required' });
          return (
            <button
              key={drawer.id}
              type="button"
              className={shown ? 'drawer-bar__button is-active' : 'drawer-bar__button'}
              aria-label={title}
              aria-description={needsThreeD ? required : undefined}
              title={needsThreeD ? `${title}: ${required}` : title}
              aria-expanded={shown}
              aria-disabled={needsThreeD || undefined}
              aria-controls={shown ? `drawer-panel-${drawer.id}` : undefined}
              data-drawer={drawer.id}
              onClick={() => {
                if (!needsThreeD) appStore.getState().toggleDrawer(drawer.id);
              }}
            >
              <span aria-hidden="true">{drawer.icon ?? title.slice(0, 1)}</span>
            </button>
          );
        })}
      </nav>
      {open ? (
        <aside id={`drawer-panel-${open.id}`} className="drawer-panel" aria-label={intl.formatMessage({ id: open.title })}>
          <div className="drawer-panel__header">
            <h2>{intl.formatMessage({ id: open.title })}</h2>
            <button
              type="button"
              className="icon-button icon-button--plain"
              aria-label={intl.formatMessage({ id: 'app.drawers.close' }, { drawer: intl.formatMessage({ id: open.title }) })}
              onClick={() => appStore.getState().closeDrawer(open.id)}
            >
              <Icon name="close" />
            </button>
          </div>
          <div className="drawer-panel__body">
            <Contribution key={open.id} id={open.id} owner={open.owner} loader={open.component} fallback={<LoadingOverlay />} />
          </div>
        </aside>
      ) : null}
    </>
  );
}
