/**
 * The landing page of SPEC §2 (About Us, Contact Us, cards for Map, Catalogue and API), shown as a welcome
 * panel over the map on the first visit of a browser session. Choosing "Map" or closing it remembers the
 * choice in sessionStorage; shared links (any query parameter besides `l`) skip it. The mega menu's
 * "Welcome" entry opens it again. See app/CONTEXT.md for why it is not a route of its own.
 */
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { Icon } from '../components/icons';
import { useFocusTrap } from '../components/useFocusTrap';
import { useLocalisedPath } from '../components/useLocalisedPath';
import { useShellStore } from '../state/shellStore';

export const LANDING_DISMISSED_KEY = 'hk3dmap.landingDismissed';

function wasDismissed(): boolean {
  try {
    return window.sessionStorage.getItem(LANDING_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

function rememberDismissed(): void {
  try {
    window.sessionStorage.setItem(LANDING_DISMISSED_KEY, '1');
  } catch {
    // Private mode without storage: the panel simply shows again next time.
  }
}

/** Whether the address is a plain visit (only `l`, if anything) rather than a shared map link. */
export function isPlainVisit(search: string): boolean {
  return [...new URLSearchParams(search).keys()].every((key) => key === 'l');
}

export function LandingPanel() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const location = useLocation();
  const { to, exists } = useLocalisedPath();
  const open = useShellStore((state) => state.landingOpen);
  const setOpen = useShellStore((state) => state.setLandingOpen);
  const openAbout = useShellStore((state) => state.openAbout);
  const panelRef = useRef<HTMLDivElement | null>(null);
  const headingRef = useRef<HTMLHeadingElement | null>(null);
  useFocusTrap(panelRef, open, headingRef);

  useEffect(() => {
    if (!wasDismissed() && isPlainVisit(location.search)) setOpen(true);
    // Only on arrival at the map page, not when the address changes while it is shown.
  }, []);

  if (!open) return null;

  const dismiss = () => {
    rememberDismissed();
    setOpen(false);
  };

  const cards = [
    { id: 'map', path: '/map', icon: 'map' as const },
    { id: 'catalogue', path: '/catalogue', icon: 'download' as const },
    { id: 'api', path: '/api', icon: 'code' as const },
  ].filter((card) => exists(card.path));

  return (
    <div className="landing-backdrop">
      <div
        ref={panelRef}
        className="landing"
        role="dialog"
        aria-modal="true"
        aria-labelledby="landing-title"
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            dismiss();
          }
        }}
      >
        <button type="button" className="icon-button icon-button--plain landing__close" aria-label={t('app.landing.close')} onClick={dismiss}>
          <Icon name="close" />
        </button>
        <p className="landing__eyebrow">{t('app.owner')}</p>
        <h1 id="landing-title" ref={headingRef} tabIndex={-1}>
          {t('app.landing.title')}
        </h1>
        <p className="landing__lead">{t('app.landing.lead')}</p>
        <ul className="landing__cards">
          {cards.map((card) => (
            <li key={card.id}>
              <Link
                className="card"
                to={to(card.path)}
                onClick={() => {
                  dismiss();
                }}
              >
                <span className="card__icon" aria-hidden="true">
                  <Icon name={card.icon} />
                </span>
                <span className="card__title">{t(`app.landing.card.${card.id}.title`)}</span>
                <span className="card__text">{t(`app.landing.card.${card.id}.text`)}</span>
              </Link>
            </li>
          ))}
        </ul>
        <div className="landing__footer">
          <button
            type="button"
            className="link-button"
            onClick={() => {
              dismiss();
              openAbout('about');
            }}
          >
            {t('app.landing.aboutUs')}
          </button>
          <button
            type="button"
            className="link-button"
            onClick={() => {
              dismiss();
              openAbout('contact');
            }}
          >
            {t('app.landing.contactUs')}
          </button>
        </div>
      </div>
    </div>
  );
}
