import { useIntl } from 'react-intl';
import { textNow } from '../../core/plugin/types';
import { useNoticeStore } from '../plugins/notices';
import { Icon } from './icons';

/**
 * The notices of the NoticeService as a polite live region of dismissible toasts. The shell's area floats at the
 * window's corner; the map page places its own (`placement="map"`) in its panels' frame, where it covers no map
 * panel, and the shell's stays empty of layout while that one is on the page (map.css).
 */
export function NoticesArea({ placement = 'page' }: { placement?: 'page' | 'map' }) {
  const intl = useIntl();
  const notices = useNoticeStore((state) => state.notices);
  const dismiss = useNoticeStore((state) => state.dismiss);
  return (
    <section className={placement === 'map' ? 'notices notices--map' : 'notices'} aria-live="polite" aria-label={intl.formatMessage({ id: 'app.notices.label' })}>
      {notices.map((notice) => (
        <div key={notice.id} className={`notice notice--${notice.severity}`} role={notice.severity === 'error' ? 'alert' : 'status'}>
          <p className="notice__message">{textNow(notice.message)}</p>
          {notice.actions?.map((action, index) => (
            <button
              key={index}
              type="button"
              className="button notice__action"
              onClick={() => {
                if (action.dismiss !== false) dismiss(notice.id);
                action.run();
              }}
            >
              {textNow(action.label)}
            </button>
          ))}
          <button
            type="button"
            className="icon-button icon-button--plain"
            aria-label={intl.formatMessage({ id: 'app.notices.dismiss' })}
            onClick={() => dismiss(notice.id)}
          >
            <Icon name="close" />
          </button>
        </div>
      ))}
    </section>
  );
}
