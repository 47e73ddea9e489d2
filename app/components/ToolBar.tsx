import { useIntl } from 'react-intl';
import type { ToolContribution } from '../../core/plugin/types';
import { switchKeyOf } from '../../core/plugin/host';
import { readSwitch } from '../../core/exclusivity/applySwitch';
import { appStore, useAppStore } from '../../core/store';
import { useRegistryItems } from '../plugins/PluginHostContext';
import { ToolButtonFace } from './ToolButtonFace';
import { Tooltip } from './Tooltip';
import { useToolLabels } from './toolLabels';

/**
 * Buttons of the `tools` registry for one placement. Actions call `run()`; toggles flip the core store's
 * switch (`switchKey`, default `toggle:<id>`; the plugin host then calls `onToggle` and core emits
 * `feature::on|off`). A tool that `requiresThreeD` is disabled, saying why, while the 3D spatial data is off.
 * Each button shows its name in the shared tooltip (hover, keyboard focus), or as text while the labels setting
 * (toolLabels.ts) is on (the tooltip stays: a short map hides the tools bar's text). The bars stand at the map's right edge, so the tooltip opens to the left.
 */
export function ToolBar({ placement }: { placement: ToolContribution['placement'] }) {
  const intl = useIntl();
  const labels = useToolLabels();
  const tools = useRegistryItems('tools')
    .filter((tool) => tool.placement === placement)
    .slice()
    .sort((a, b) => (a.order ?? 100) - (b.order ?? 100));
  // The whole state: a toggle may show any switch (a core mode as well as `toggles`).
  const state = useAppStore((current) => current);
  const threeDOff = !state.threeD;
  if (tools.length === 0) return null;
  return (
    <div
      className={`tool-bar tool-bar--${placement}${labels ? ' tool-bar--labelled' : ''}`}
      role="toolbar"
      aria-label={intl.formatMessage({ id: `app.tools.${placement}` })}
    >
      {tools.map((tool) => {
        const label = intl.formatMessage({ id: tool.label });
        const needsThreeD = tool.requiresThreeD === true && threeDOff;
        const required = intl.formatMessage({ id: 'core.threeD.required' });
        const tip = needsThreeD ? `${label}: ${required}` : label;
        const face = <ToolButtonFace icon={tool.icon ?? label.slice(0, 1)} label={label} shown={labels} />;
        if (tool.kind === 'toggle') {
          const key = switchKeyOf(tool);
          const on = readSwitch(state, key);
          return (
            <Tooltip key={tool.id} content={tip} placement="left">
              <button
                type="button"
                className={on ? 'tool-bar__button is-active' : 'tool-bar__button'}
                aria-label={label}
                aria-description={needsThreeD ? required : undefined}
                aria-pressed={on}
                aria-disabled={needsThreeD || undefined}
                data-tool={tool.id}
                onClick={() => {
                  if (!needsThreeD) appStore.getState().setSwitch(key, !on);
                }}
              >
                {face}
              </button>
            </Tooltip>
          );
        }
        return (
          <Tooltip key={tool.id} content={tip} placement="left">
            <button
              type="button"
              className="tool-bar__button"
              aria-label={label}
              aria-description={needsThreeD ? required : undefined}
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
              {face}
            </button>
          </Tooltip>
        );
      })}
    </div>
  );
}
