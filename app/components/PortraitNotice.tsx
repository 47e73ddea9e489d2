import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';

/** Landscape, shorter than this (CSS px), on a touch device: ask for portrait (SPEC §2). */
export const PORTRAIT_NOTICE_MAX_HEIGHT = 500;

export function needsPortrait(width: number, height: number, touch: boolean): boolean {
  return touch && width > height && height < PORTRAIT_NOTICE_MAX_HEIGHT;
}

function isTouch(): boolean {
  return typeof window !== 'undefined' && ('ontouchstart' in window || navigator.maxTouchPoints > 0);
}

/** Full-screen notice on small landscape touch screens. */
export function PortraitNotice() {
  const intl = useIntl();
  const [show, setShow] = useState(false);
  useEffect(() => {
    const update = () => setShow(needsPortrait(window.innerWidth, window.innerHeight, isTouch()));
    update();
    window.addEventListener('resize', update);
    window.addEventListener('orientationchange', update);
    return () => {
      window.removeEventListener('resize', update);
      window.removeEventListener('orientationchange', update);
    };
  }, []);
  if (!show) return null;
  return (
    <div className="portrait-notice" role="alertdialog" aria-modal="true" aria-label={intl.formatMessage({ id: 'app.portrait.title' })}>
      <div className="portrait-notice__icon" aria-hidden="true">⟳</div>
      <p>{intl.formatMessage({ id: 'app.portrait.message' })}</p>
    </div>
  );
}
