/**
 * The share panel (slot `map.top-left`, while the core mode `share` is on): the link of the map as it is now with a
 * Copy button and a visible confirmation, its QR code on request, a look-at link of the place at the centre (flag
 * lookAt), and with the full share options (flag fullShareOptions) what the link carries, e-mail and the device's
 * share sheet. Escape or the close button ends it.
 */
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { useStore } from 'zustand';
import { useCopyToClipboard } from '../../../core/ui/useCopyToClipboard';
import { shareMap, type ShareMapContext } from '../context';
import { encodeQr, modulesPath, QUIET_ZONE_MODULES } from '../qrCode';
import { SHARE_OPTION_PARAMS } from '../shareController';
import '../../../core/ui/mapPanel.css';
import '../../../core/ui/controls.css';
import './share-map.css';

export default function SharePanel() {
  const context = shareMap();
  return context ? <WhileSharing context={context} /> : null;
}

function WhileSharing({ context }: { context: ShareMapContext }) {
  const on = useStore(context.store, (state) => state.share);
  return on ? <Panel context={context} /> : null;
}

function Panel({ context }: { context: ShareMapContext }) {
  const { controller, config, store } = context;
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const snapshot = useSyncExternalStore(controller.subscribe, controller.getSnapshot);
  const titleId = useId();
  const close = () => store.getState().setSwitch('mode:share', false);
  return (
    <section
      className="map-panel share-map"
      aria-labelledby={titleId}
      data-testid="share-map-panel"
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
    >
      <div className="map-panel__header">
        <h2 id={titleId}>{t('shareMap.title')}</h2>
        <button type="button" className="icon-button icon-button--plain" aria-label={t('shareMap.close')} onClick={close}>
          ×
        </button>
      </div>
      <div className="map-panel__body share-map__body">
        <p className="share-map__intro">{t('shareMap.intro')}</p>
        <LinkField label={t('shareMap.link.label')} link={snapshot.link} testId="share-map-link" />
        <QrCodeToggle link={snapshot.link} />
        {config.fullOptions ? <FullOptions omitted={snapshot.omitted} link={snapshot.link} onChange={controller.setIncluded} /> : null}
        {config.lookAt ? <LookAtCentre makeLink={controller.lookAtCentreLink} /> : null}
      </div>
    </section>
  );
}

function LinkField({ label, link, testId }: { label: string; link: string; testId: string }) {
  const intl = useIntl();
  const inputId = useId();
  const { state, copy, reset } = useCopyToClipboard();
  useEffect(reset, [link, reset]);
  return (
    <div className="share-map__field">
      <label htmlFor={inputId}>{label}</label>
      <div className="share-map__row">
        <input id={inputId} className="share-map__link" type="text" readOnly value={link} data-testid={testId} onFocus={(event) => event.currentTarget.select()} />
        <button type="button" className="ui-button" onClick={() => void copy(link)}>
          {intl.formatMessage({ id: 'shareMap.copy' })}
        </button>
      </div>
      <p className={`share-map__status share-map__status--${state}`} role="status">
        {state === 'idle' ? '' : intl.formatMessage({ id: `shareMap.copy.${state}` })}
      </p>
    </div>
  );
}

function QrCodeToggle({ link }: { link: string }) {
  const intl = useIntl();
  const [shown, setShown] = useState(false);
  const [code, setCode] = useState<{ link: string; modules: boolean[][] } | { link: string; failed: true } | null>(null);
  const figureId = useId();
  const figure = useRef<HTMLDivElement>(null);
  const ready = shown && code?.link === link;
  // The panel scrolls in its corner of the map: bring the code into view when it appears.
  useEffect(() => {
    if (ready) figure.current?.scrollIntoView?.({ block: 'nearest' });
  }, [ready]);
  useEffect(() => {
    if (!shown || code?.link === link) return;
    let current = true;
    encodeQr(link).then(
      (modules) => current && setCode({ link, modules }),
      (error: unknown) => {
        console.warn('share-map: the QR code could not be made', error);
        if (current) setCode({ link, failed: true });
      },
    );
    return () => {
      current = false;
    };
  }, [shown, link, code]);
  return (
    <div className="share-map__qr">
      <button type="button" className="ui-button" aria-expanded={shown} aria-controls={figureId} onClick={() => setShown(!shown)}>
        {intl.formatMessage({ id: shown ? 'shareMap.qr.hide' : 'shareMap.qr.show' })}
      </button>
      <div id={figureId} ref={figure} hidden={!shown}>
        {shown && code?.link === link ? (
          'modules' in code ? (
            <svg
              className="share-map__qr-code"
              role="img"
              aria-label={intl.formatMessage({ id: 'shareMap.qr.label' })}
              data-testid="share-map-qr"
              viewBox={`0 0 ${code.modules.length + 2 * QUIET_ZONE_MODULES} ${code.modules.length + 2 * QUIET_ZONE_MODULES}`}
              shapeRendering="crispEdges"
            >
              <rect width="100%" height="100%" fill="#fff" />
              <path d={modulesPath(code.modules)} fill="#000" />
            </svg>
          ) : (
            <p role="alert">{intl.formatMessage({ id: 'shareMap.qr.failed' })}</p>
          )
        ) : shown ? (
          <p>{intl.formatMessage({ id: 'shareMap.qr.loading' })}</p>
        ) : null}
      </div>
    </div>
  );
}

function FullOptions({ omitted, link, onChange }: { omitted: ReadonlySet<string>; link: string; onChange: (params: readonly string[], included: boolean) => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const legendId = useId();
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const mail = `mailto:?subject=${encodeURIComponent(t('shareMap.mail.subject'))}&body=${encodeURIComponent(link)}`;
  return (
    <>
      <fieldset className="share-map__options" aria-labelledby={legendId}>
        <legend id={legendId}>{t('shareMap.options.legend')}</legend>
        {(Object.keys(SHARE_OPTION_PARAMS) as Array<keyof typeof SHARE_OPTION_PARAMS>).map((option) => (
          <label key={option} className="share-map__option">
            <input
              type="checkbox"
              checked={!SHARE_OPTION_PARAMS[option].some((param) => omitted.has(param))}
              onChange={(event) => onChange(SHARE_OPTION_PARAMS[option], event.currentTarget.checked)}
            />
            {t(`shareMap.options.${option}`)}
          </label>
        ))}
      </fieldset>
      <div className="share-map__row">
        <a className="ui-button" href={mail}>
          {t('shareMap.mail')}
        </a>
        {canShare ? (
          <button type="button" className="ui-button" onClick={() => void navigator.share({ title: t('shareMap.mail.subject'), url: link }).catch(closedWithoutSharing)}>
            {t('shareMap.deviceShare')}
          </button>
        ) : null}
      </div>
    </>
  );
}

/** The share sheet rejects when the user closes it without choosing; that is no error to show. */
function closedWithoutSharing(): void {}

function LookAtCentre({ makeLink }: { makeLink: () => Promise<string | null> }) {
  const intl = useIntl();
  const [result, setResult] = useState<{ link: string } | 'sky' | null>(null);
  const make = () => void makeLink().then((link) => setResult(link ? { link } : 'sky'));
  return (
    <div className="share-map__look-at">
      <button type="button" className="ui-button" onClick={make}>
        {intl.formatMessage({ id: 'shareMap.lookAt.make' })}
      </button>
      {result === 'sky' ? <p role="status">{intl.formatMessage({ id: 'shareMap.lookAt.sky' })}</p> : null}
      {result && result !== 'sky' ? <LinkField label={intl.formatMessage({ id: 'shareMap.lookAt.label' })} link={result.link} testId="share-map-look-at-link" /> : null}
    </div>
  );
}
