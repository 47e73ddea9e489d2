import { useIntl } from 'react-intl';
import type { ToolContribution } from '../../core/plugin/types';
import { appStore, useAppStore } from '../../core/store';
import { useRegistryItems } from '../plugins/PluginHostContext';

/**
 * Buttons of the `tools` registry for one placement. Actions call `run()`; toggles flip the core store's
 * switch (the plugin host then calls `onToggle` and core emits `feature::on|off`).
 */
export function ToolBar({ placement }: { placement: ToolContribution['placement'] }) {
  const intl = useIntl();
  const tools = useRegistryItems('tools')
    .filter((tool) => tool.placement === placement)
    .slice()
    .sort((a, b) => (a.order ?? 100) - (b.order ?? 100));
  const toggles = useAppStore((state) => state.toggles);
  if (tools.length === 0) return null;
  return (
    <div className={`tool-bar tool-bar--${placement}`} role="toolbar" aria-label={intl.formatMessage({ id: `app.tools.${placement}` })}>
      {tools.map((tool) => {
        const label = intl.formatMessage({ id: tool.label });
        if (tool.kind === 'toggle') {
          const on = toggles[tool.id] ?? false;
          return (
            <button
              key={tool.id}
              type="button"
              className={on ? 'tool-bar__button is-active' : 'tool-bar__button'}
              aria-label={label}
              title={label}
              aria-pressed={on}
              data-tool={tool.id}
              onClick={() => appStore.getState().setToggle(tool.id, !on)}
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
            title={label}
            data-tool={tool.id}
            onClick={() => {
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
