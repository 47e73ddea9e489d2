/**
 * The navigation help dialog (the portal's ModalDialog, drawn over the page through a portal so no map panel
 * clips it): mouse, touch and keyboard controls, and the navigation buttons this variant really has, read from
 * the tools registry. Open while the tool's switch is on; Escape, the close button or the backdrop closes it.
 */
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useIntl } from 'react-intl';
import { appStore, useAppStore } from '../../../core/store';
import { ModalDialog } from '../../../core/ui/ModalDialog';
import type { ToolContribution } from '../../../core/plugin/types';
import { KEYBOARD_CONTROLS, MOUSE_CONTROLS, NAVIGATION_HELP_TOOL, TOUCH_CONTROLS, type ControlRow } from '../controls';
import { navigationHelpTools } from '../context';
import './navigation-help.css';

export default function NavigationHelpDialog() {
  const open = useAppStore((state) => state.toggles[NAVIGATION_HELP_TOOL] === true);
  if (!open || typeof document === 'undefined') return null;
  return createPortal(<Dialog />, document.body);
}

/** The navigation buttons registered now (home, north, zoom ...), in the order of their bar. */
function useNavigationButtons(): ToolContribution[] {
  const registry = navigationHelpTools();
  const pick = () =>
    (registry?.list() ?? [])
      .filter((tool) => tool.placement === 'navigation')
      .slice()
      .sort((a, b) => (a.order ?? 100) - (b.order ?? 100));
  const [tools, setTools] = useState(pick);
  useEffect(() => registry?.subscribe(() => setTools(pick())), [registry]);
  return tools;
}

function Dialog() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const buttons = useNavigationButtons();
  return (
    <ModalDialog
      title={t('navigationHelp.title')}
      className="navigation-help"
      closeLabel={t('navigationHelp.close')}
      onDismiss={() => appStore.getState().setToggle(NAVIGATION_HELP_TOOL, false)}
      data={{ 'data-testid': 'navigation-help' }}
    >
      <div className="navigation-help__body">
        <Section title={t('navigationHelp.mouse.title')} rows={MOUSE_CONTROLS} />
        <Section title={t('navigationHelp.touch.title')} rows={TOUCH_CONTROLS} />
        <Section title={t('navigationHelp.keyboard.title')} rows={KEYBOARD_CONTROLS} />
        {buttons.length > 0 ? (
          <section className="navigation-help__section">
            <h3>{t('navigationHelp.buttons.title')}</h3>
            <p>{t('navigationHelp.buttons.intro')}</p>
            <ul className="navigation-help__buttons">
              {buttons.map((tool) => (
                <li key={tool.id}>
                  <span className="navigation-help__icon" aria-hidden="true">
                    {tool.icon}
                  </span>
                  {t(tool.label)}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </ModalDialog>
  );
}

function Section({ title, rows }: { title: string; rows: readonly ControlRow[] }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <section className="navigation-help__section">
      <h3>{title}</h3>
      <table className="navigation-help__table">
        <tbody>
          {rows.map((row) => (
            <tr key={row.gesture}>
              <th scope="row">{t(row.gesture)}</th>
              <td>{t(row.result)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
