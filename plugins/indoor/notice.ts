/**
 * The indoor variant's notice while 3D indoor maps are not built (a later issue): one info notice in the page
 * language. Messages load lazily and may arrive after the plugin activates (`format` then answers the bare id), so
 * the notice is shown once its text is there, and written again in the new language after a language switch
 * (same id, so it replaces itself), both through the I18nService's `onChange`.
 */
import type { Disposer, I18nService, NoticeService } from '../../core/plugin/types';

export const INDOOR_NOTICE_ID = 'indoor-maps-not-available';
export const INDOOR_NOTICE_MESSAGE = 'indoor.notAvailable';

export function showIndoorNotice(services: { notices: NoticeService; i18n: I18nService }): Disposer {
  let hide: Disposer = () => {};
  let shownText: string | null = null;
  const show = () => {
    const text = services.i18n.format(INDOOR_NOTICE_MESSAGE);
    if (text === INDOOR_NOTICE_MESSAGE || text === shownText) return; // not loaded yet, or unchanged
    shownText = text;
    hide = services.notices.show({ id: INDOOR_NOTICE_ID, message: text, severity: 'info' });
  };
  show();
  const stop = services.i18n.onChange?.(show);
  return () => {
    stop?.();
    hide();
  };
}
