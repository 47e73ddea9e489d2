import { useIntl } from 'react-intl';
import { useNoticeStore } from '../plugins/notices';
import { Icon } from './icons';

/** The notices of the NoticeService as a polite live region of dismissible toasts. */
export function NoticesArea() {
  const intl = useIntl();
  const notices = useNoticeStore((state) => state.notices);
  const dismiss = useNoticeStore((state) => state.dismiss);
  return (
    <section className="notices" aria-live="polite" aria-label={intl.formatMessage({ id: 'app.notices.label' })}>
      {notices.map((notice) => (
        <div key={notice.id} className={`notice notice--${notice.severity}`} role={notice.severity === 'error' ? 'alert' : 'status'}>
          <p className="notice__message">{notice.message}</p>
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
