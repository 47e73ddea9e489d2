import { useIntl } from 'react-intl';
import type { ToolContribution } from '../../core/plugin/types';
import { switchKeyOf } from '../../core/plugin/host';
import { readSwitch } from '../../core/exclusivity/applySwitch';
import { appStore, useAppStore } from '../../core/store';
import { useRegistryItems } from '../plugins/PluginHostContext';

/**
 * Buttons of the `tools` registry for one placement. Actions call `run()`; toggles flip the core store's
 * switch (`switchKey`, default `toggle:<id>`; the plugin host then calls `onToggle` and core emits
 * `feature::on|off`). A tool that `requiresThreeD` is disabled, saying why, while the 3D spatial data is off.
 */
export function ToolBar({ placement }: { placement: ToolContribution['placement'] }) {
  const intl = useIntl();
  const tools = useRegistryItems('tools')
    .filter((tool) => tool.placement === placement)
    .slice()
    .sort((a, b) => (a.order ?? 100) - (b.order ?? 100));
  // The whole state: a toggle may show any switch (a core mode as well as `toggles`).
  const state = useAppStore((current) => current);
  const threeDOff = !state.threeD;
  if (tools.length === 0) return null;
  return (
    <div className={`tool-bar tool-bar--${placement}`} role="toolbar" aria-label={intl.formatMessage({ id: `app.tools.${placement}` })}>
      {tools.map((tool) => {
        const label = intl.formatMessage({ id: tool.label });
        const needsThreeD = tool.requiresThreeD === true && threeDOff;
        const title = needsThreeD ? `${label}: ${intl.formatMessage({ id: 'core.threeD.required' })}` : label;
        if (tool.kind === 'toggle') {
          const key = switchKeyOf(tool);
          const on = readSwitch(state, key);
          return (
            <button
              key={tool.id}
              type="button"
              className={on ? 'tool-bar__button is-active' : 'tool-bar__button'}
              aria-label={label}
              aria-description={needsThreeD ? intl.formatMessage({ id: 'core.threeD.required' }) : undefined}
              title={title}
              aria-pressed={on}
              aria-disabled={needsThreeD || undefined}
              data-tool={tool.id}
              onClick={() => {
                if (!needsThreeD) appStore.getState().setSwitch(key, !on);
              }}
            >
              <span aria-hidden="true">{tool.icon ?? label.slice(0, 1)}</span>
            </button>
          );
        }
        return (
          <button
            key={tool.id}
            type="button"
            className="tool-bar__button"
            aria-label={label}
            aria-description={needsThreeD ? intl.formatMessage({ id: 'core.threeD.required' }) : undefined}
            title={title}
            aria-disabled={needsThreeD || undefined}
            data-tool={tool.id}
            onClick={() => {
              if (needsThreeD) return;
              try {
                tool.run?.();
              } catch (error) {
                console.error(`tool "${tool.id}" of plugin "${tool.owner}" failed`, error);
              }
            }}
          >
            <span aria-hidden="true">{tool.icon ?? label.slice(0, 1)}</span>
          </button>
        );
      })}
    </div>
  );
}
