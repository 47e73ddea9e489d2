/**
 * The measuring panel under the panorama (issue 18 point 3), rendered by the viewer with its PanoramaSurface.
 * A tool choice (radio group: point, distance, height, angle, point to line); while a tool is chosen and the
 * panorama's depth map is loaded, clicks on the panorama pick points (surface.takeClicks) — a keyboard user aims
 * the view centre and presses "Add point at view centre" (or Enter in the viewer, which reports the view centre to
 * the same listener). Marks over the panorama show the points and lines (surface.setMarks). Results are listed
 * newest first, each with Copy, and Copy all; they are kept when another panorama opens (their points are world
 * points; only the measurement under way is dropped, its points being directions in the old panorama); Clear
 * removes them. Numbers in the page language's format.
 *
 * Test hooks (the viewer lane's browser test): the panel is `[data-testid="streetscape-measure"]`; tools are radios
 * named after the tool; each result is `[data-testid="streetscape-measure-result"][data-tool="<tool>"]` inside the
 * list `[data-testid="streetscape-measure-results"]`, each figure `[data-quantity="<quantity>"]` whose `dd` holds
 * the unrounded value in metres or degrees in `data-value`; the status line is role=status.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';
import type { DepthMap, ViewDirection } from '../../../core/contracts/equirectangular';
import type { PanoramaSummary } from '../../../core/contracts/panoramas';
import type { PluginContext } from '../../../core/plugin/types';
import { useCopyToClipboard } from '../../../core/ui/useCopyToClipboard';
import { onPhoneOrSmallScreen } from '../../measurement/api';
import type { PanoramaSurface } from '../surface';
import { createDepthMapLoader, DepthMapError } from './depth';
import { type Figure, PANORAMA_TOOLS, type PanoramaTool, pickPoint, TOOL_POINT_LABELS } from './geometry';
import { addPoint, EMPTY_SESSION, headlineFigure, type MeasureResult, type MeasureSession, measurementMarks } from './session';
import '../../../core/ui/controls.css';
import './measure.css';

type DepthState =
  | { kind: 'noPanorama' }
  | { kind: 'loading' }
  | { kind: 'none' }
  | { kind: 'failed'; error: DepthMapError }
  | { kind: 'ready'; map: DepthMap; panorama: PanoramaSummary };

type Status = { id: string; values?: Record<string, string | number> } | null;
type Format = (id: string, values?: Record<string, string | number>) => string;

/** Analytics id of the tools (SPEC §7 `feature::on|off`, and `::result` when a measurement is finished). */
const ANALYTICS_FEATURE = 'streetscape-measure';

/** A figure's value with its unit, in the page language's number format. */
function figureValue(intl: IntlShape, figure: Figure): string {
  const number = intl.formatNumber(figure.value, { minimumFractionDigits: figure.digits, maximumFractionDigits: figure.digits });
  return intl.formatMessage({ id: `streetscape.measure.value.${figure.unit}` }, { number });
}

/** "Label: value", as the results list and Copy say it. */
function figureLine(intl: IntlShape, t: Format, figure: Figure): string {
  return t('streetscape.measure.figure.labelled', { label: t(`streetscape.measure.figure.${figure.quantity}`), value: figureValue(intl, figure) });
}

function resultTitle(t: Format, result: Pick<MeasureResult, 'id' | 'tool'>): string {
  return t('streetscape.measure.result.title', { id: result.id, tool: t(`streetscape.measure.tool.${result.tool}`) });
}

/** Everything said about one measurement, as lines: what Copy puts on the clipboard. */
function resultText(intl: IntlShape, t: Format, result: MeasureResult): string {
  const lines = [resultTitle(t, result)];
  for (const figure of result.figures) lines.push(figureLine(intl, t, figure));
  if (result.problem) lines.push(t(result.problem));
  return lines.join('\n');
}

/**
 * SPEC §5 "Mobile and small screens block measurement": on a phone, a tablet or a small screen the panel says so
 * (the map's measure tools' rule, plugins/measurement/api.ts) and the panorama keeps its clicks for stepping.
 */
export default function MeasurePanel(props: { surface: PanoramaSurface; ctx: PluginContext }) {
  const intl = useIntl();
  const titleId = useId();
  const [blocked] = useState(onPhoneOrSmallScreen);
  if (!blocked) return <MeasuringTools {...props} />;
  return (
    <section className="streetscape-measure" aria-labelledby={titleId} data-testid="streetscape-measure">
      <h3 id={titleId} className="streetscape-measure__title">
        {intl.formatMessage({ id: 'streetscape.measure.title' })}
      </h3>
      <p className="streetscape-measure__hint">{intl.formatMessage({ id: 'streetscape.measure.mobileBlocked' })}</p>
    </section>
  );
}

function MeasuringTools({ surface, ctx }: { surface: PanoramaSurface; ctx: PluginContext }) {
  const intl = useIntl();
  const t: Format = (id, values) => intl.formatMessage({ id }, values);
  const titleId = useId();
  const toolsId = useId();
  const [loader] = useState(() => createDepthMapLoader());
  const [panorama, setPanorama] = useState<PanoramaSummary | null>(() => surface.panorama());
  const [depth, setDepth] = useState<DepthState>({ kind: 'noPanorama' });
  const [attempt, setAttempt] = useState(0);
  const [tool, setTool] = useState<PanoramaTool | null>(null);
  const [session, setSession] = useState<MeasureSession>(EMPTY_SESSION);
  const [status, setStatus] = useState<Status>(null);
  // The click listener is handed to the viewer once per tool; it reads the latest state from here.
  const latest = useRef({ session, tool, depth });
  latest.current = { session, tool, depth };

  useEffect(() => {
    setPanorama(surface.panorama());
    return surface.onPanoramaChange((next) => {
      setPanorama(next);
      if (latest.current.session.pending.length > 0) {
        setSession((current) => ({ ...current, pending: [] }));
        setStatus({ id: 'streetscape.measure.status.panoramaChanged' });
      }
    });
  }, [surface]);

  useEffect(() => {
    if (!panorama) {
      setDepth({ kind: 'noPanorama' });
      return;
    }
    let current = true;
    setDepth({ kind: 'loading' });
    loader.load(panorama).then(
      (map) => current && setDepth(map ? { kind: 'ready', map, panorama } : { kind: 'none' }),
      (error: unknown) => {
        if (!current) return;
        console.error(`the depth map of panorama ${panorama.id} could not be had`, error);
        setDepth({ kind: 'failed', error: error instanceof DepthMapError ? error : new DepthMapError('unavailable', String(error)) });
      },
    );
    return () => {
      current = false;
    };
  }, [loader, panorama, attempt]);

  const addAt = (direction: ViewDirection) => {
    const { session: now, tool: chosen, depth: loaded } = latest.current;
    if (!chosen || loaded.kind !== 'ready') return;
    const picked = pickPoint(loaded.panorama, loaded.map, direction);
    if (!picked.point) {
      setStatus({ id: `streetscape.measure.status.${picked.problem}` });
      return;
    }
    const { session: next, finished } = addPoint(now, chosen, loaded.panorama.id, picked.point);
    latest.current = { ...latest.current, session: next };
    setSession(next);
    if (!finished) {
      setStatus({ id: 'streetscape.measure.status.pointAdded', values: { label: TOOL_POINT_LABELS[chosen][now.pending.length] } });
      return;
    }
    ctx.analytics.emit({ name: `${ANALYTICS_FEATURE}::result`, id: chosen, param: loaded.panorama.id });
    const headline = headlineFigure(finished);
    setStatus(
      headline
        ? { id: 'streetscape.measure.status.done', values: { title: resultTitle(t, finished), figure: figureLine(intl, t, headline) } }
        : { id: finished.problem ?? 'streetscape.measure.problem.samePoint' },
    );
  };

  const addAtRef = useRef(addAt);
  addAtRef.current = addAt;
  const ready = depth.kind === 'ready';
  useEffect(() => {
    if (!tool || !ready) return;
    return surface.takeClicks((direction) => addAtRef.current(direction));
  }, [surface, tool, ready]);

  useEffect(() => {
    if (!tool) return;
    ctx.analytics.emit({ name: `${ANALYTICS_FEATURE}::on`, id: tool });
    return () => ctx.analytics.emit({ name: `${ANALYTICS_FEATURE}::off`, id: tool });
  }, [ctx, tool]);

  const marks = useMemo(() => {
    if (!panorama) return [];
    const drawn = session.results
      .filter((result) => result.panoramaId === panorama.id)
      .flatMap((result) => {
        const headline = headlineFigure(result);
        return measurementMarks(`m${result.id}`, result.tool, result.points, headline ? figureValue(intl, headline) : null);
      });
    return tool ? [...drawn, ...measurementMarks('pending', tool, session.pending, null)] : drawn;
  }, [intl, panorama, session, tool]);
  useEffect(() => surface.setMarks(marks), [surface, marks]);
  useEffect(() => () => surface.setMarks([]), [surface]);

  const chooseTool = (next: PanoramaTool | null) => {
    setTool(next);
    if (session.pending.length > 0) setSession({ ...session, pending: [] });
    setStatus(null);
  };
  const clear = () => {
    setSession({ ...EMPTY_SESSION, nextId: session.nextId });
    setStatus({ id: 'streetscape.measure.status.cleared' });
  };
  const allText = session.results.map((result) => resultText(intl, t, result)).join('\n\n');
  const copyAll = useCopyToClipboard();
  useEffect(copyAll.reset, [allText, copyAll.reset]);

  const depthMessage = depthText(t, depth);
  return (
    <section className="streetscape-measure" aria-labelledby={titleId} data-testid="streetscape-measure">
      <h3 id={titleId} className="streetscape-measure__title">
        {t('streetscape.measure.title')}
      </h3>
      {depthMessage ? (
        <p className="streetscape-measure__depth" data-depth={depth.kind}>
          {depthMessage}{' '}
          {depth.kind === 'failed' && depth.error.kind === 'unavailable' ? (
            <button type="button" className="ui-button" onClick={() => setAttempt((count) => count + 1)}>
              {t('streetscape.measure.depth.retry')}
            </button>
          ) : null}
        </p>
      ) : null}
      <p id={toolsId} className="streetscape-measure__label">
        {t('streetscape.measure.tools')}
      </p>
      <div className="streetscape-measure__tools" role="radiogroup" aria-labelledby={toolsId}>
        {PANORAMA_TOOLS.map((each) => (
          <label key={each} className={each === tool ? 'streetscape-measure__tool is-active' : 'streetscape-measure__tool'}>
            <input type="radio" name={toolsId} value={each} checked={each === tool} disabled={!ready} onChange={() => chooseTool(each)} />
            {t(`streetscape.measure.tool.${each}`)}
          </label>
        ))}
      </div>
      <p className="streetscape-measure__hint">{t(tool ? `streetscape.measure.hint.${tool}` : 'streetscape.measure.hint.chooseTool')}</p>
      {tool ? (
        <>
          <p className="streetscape-measure__hint">
            {t('streetscape.measure.progress', {
              tool: t(`streetscape.measure.tool.${tool}`),
              number: TOOL_POINT_LABELS[tool][session.pending.length],
              count: TOOL_POINT_LABELS[tool].length,
            })}
          </p>
          <p className="streetscape-measure__hint">{t('streetscape.measure.hint.keys')}</p>
        </>
      ) : null}
      <div className="streetscape-measure__actions">
        <button type="button" className="ui-button ui-button--primary" disabled={!tool || !ready} onClick={() => addAt(surface.viewCentre())}>
          {t('streetscape.measure.addPoint')}
        </button>
        <button type="button" className="ui-button" disabled={!tool} onClick={() => chooseTool(null)}>
          {t('streetscape.measure.stop')}
        </button>
      </div>
      <p className="streetscape-measure__status" role="status" aria-live="polite">
        {status ? t(status.id, status.values) : ''}
      </p>
      <h4 className="streetscape-measure__results-title">{t('streetscape.measure.results')}</h4>
      {session.results.length === 0 ? (
        <p className="streetscape-measure__hint">{t('streetscape.measure.results.empty')}</p>
      ) : (
        <>
          <p className="streetscape-measure__hint">{t('streetscape.measure.results.keptNote')}</p>
          <ol className="streetscape-measure__results" data-testid="streetscape-measure-results">
            {session.results.map((result) => (
              <Result key={result.id} result={result} text={resultText(intl, t, result)} elsewhere={result.panoramaId !== panorama?.id} intl={intl} t={t} />
            ))}
          </ol>
          <p className="streetscape-measure__hint">{t('streetscape.measure.heightsNote')}</p>
        </>
      )}
      <div className="streetscape-measure__actions">
        <button type="button" className="ui-button" disabled={session.results.length === 0} onClick={() => void copyAll.copy(allText)}>
          {t('streetscape.measure.copyAll')}
        </button>
        <button type="button" className="ui-button" disabled={session.results.length === 0 && session.pending.length === 0} onClick={clear}>
          {t('streetscape.measure.clear')}
        </button>
        <span className="streetscape-measure__copied" aria-live="polite">
          {copyAll.state === 'idle' ? '' : t(`streetscape.measure.copy.${copyAll.state}`)}
        </span>
      </div>
    </section>
  );
}

/** What the panel says about the depth map, or null once it is loaded. */
function depthText(t: Format, depth: DepthState): string | null {
  switch (depth.kind) {
    case 'ready':
      return null;
    case 'noPanorama':
      return t('streetscape.measure.depth.noPanorama');
    case 'loading':
      return t('streetscape.measure.depth.loading');
    case 'none':
      return t('streetscape.measure.depth.none');
    case 'failed':
      return t(`streetscape.measure.depth.${depth.error.kind}`, { detail: depth.error.detail });
  }
}

function Result({ result, text, elsewhere, intl, t }: { result: MeasureResult; text: string; elsewhere: boolean; intl: IntlShape; t: Format }) {
  const { state, copy } = useCopyToClipboard();
  const title = resultTitle(t, result);
  return (
    <li className="streetscape-measure__result" data-testid="streetscape-measure-result" data-tool={result.tool} data-result={result.id}>
      <h5>{title}</h5>
      {elsewhere ? <p className="streetscape-measure__hint">{t('streetscape.measure.result.otherPanorama')}</p> : null}
      {result.figures.length > 0 ? (
        <dl className="streetscape-measure__figures">
          {result.figures.map((figure) => (
            <div key={figure.quantity} className="streetscape-measure__figure" data-quantity={figure.quantity}>
              <dt>{t(`streetscape.measure.figure.${figure.quantity}`)}</dt>
              <dd data-value={figure.value}>{figureValue(intl, figure)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {result.problem ? <p className="streetscape-measure__problem">{t(result.problem)}</p> : null}
      <div className="streetscape-measure__actions">
        <button type="button" className="ui-button" aria-label={t('streetscape.measure.copy', { title })} onClick={() => void copy(text)}>
          {t('streetscape.measure.copyShort')}
        </button>
        <span className="streetscape-measure__copied" aria-live="polite">
          {state === 'idle' ? '' : t(`streetscape.measure.copy.${state}`)}
        </span>
      </div>
    </li>
  );
}
