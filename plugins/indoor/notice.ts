/**
 * The indoor variant's notice while 3D indoor maps are not built (a later issue): one info notice, in the page
 * language, shown at start and written again (same id, so it replaces itself) when the language changes. Closing
 * it is the visitor's choice; it does not come back until the next visit.
 */
import type { AppStore } from '../../core/store/appStore';
import type { Disposer, I18nService, NoticeService } from '../../core/plugin/types';

export const INDOOR_NOTICE_ID = 'indoor-maps-not-available';
export const INDOOR_NOTICE_MESSAGE = 'indoor.notAvailable';

export function showIndoorNotice(services: { notices: NoticeService; i18n: I18nService; store: AppStore }): Disposer {
  const show = () => services.notices.show({ id: INDOOR_NOTICE_ID, message: services.i18n.format(INDOOR_NOTICE_MESSAGE), severity: 'info' });
  let hide = show();
  let closed = false;
  const unsubscribe = services.store.subscribe((state, previous) => {
    if (closed || state.language === previous.language) return;
    hide = show();
  });
  return () => {
    closed = true;
    unsubscribe();
    hide();
  };
}
