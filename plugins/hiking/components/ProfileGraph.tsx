/**
 * The profile graph: height against distance as an SVG, each stretch filled in the colour of its SPEC §9 steepness
 * class, with a cursor. The graph is a slider (arrow keys one sample, Page keys a tenth of the trail, Home/End);
 * hovering or the keys move the cursor, and the map's marker with it (the controller's `setCursor`).
 */
import { useMemo, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useIntl } from 'react-intl';
import type { TrailProfileResponse } from '../../../core/contracts/trails';
import { profileAreas, profileScale, sampleIndexAt, STEEPNESS_COLOURS, type GraphBox } from '../profileGraph';
import { formatKm, formatMetres } from './format';

const BOX: GraphBox = { width: 320, height: 150, left: 40, right: 8, top: 8, bottom: 24 };

export function ProfileGraph({
  profile,
  cursor,
  onCursor,
  name,
}: {
  profile: TrailProfileResponse;
  cursor: number | null;
  onCursor: (index: number | null) => void;
  name: string;
}) {
  const intl = useIntl();
  const svg = useRef<SVGSVGElement>(null);
  const scale = useMemo(() => profileScale(profile.samples, BOX), [profile]);
  const areas = useMemo(() => profileAreas(profile.samples, profile.steepness, scale), [profile, scale]);
  const last = profile.samples.length - 1;
  const index = cursor ?? 0;
  const sample = profile.samples[index];
  const step = Math.min(index, profile.steepness.length - 1);
  const readout = intl.formatMessage(
    { id: 'hiking.profile.cursor' },
    {
      distance: formatKm(intl, sample[0]),
      height: formatMetres(intl, sample[3]),
      steepness: intl.formatMessage({ id: `hiking.steepness.${profile.steepness[step]}` }),
      degrees: intl.formatNumber(Math.abs(profile.slopeDegrees[step]), { maximumFractionDigits: 1, minimumFractionDigits: 1 }),
    },
  );
  const kmTicks = useMemo(() => {
    const km = scale.lengthMetres / 1000;
    const every = km > 40 ? 20 : km > 16 ? 5 : km > 6 ? 2 : 1;
    return Array.from({ length: Math.floor(km / every) + 1 }, (_, tick) => tick * every);
  }, [scale]);

  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const box = svg.current?.getBoundingClientRect();
    if (!box || box.width === 0) return;
    const x = ((event.clientX - box.left) / box.width) * BOX.width;
    onCursor(sampleIndexAt(profile.samples, scale.distanceAt(x)));
  };
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const page = Math.max(1, Math.round(last / 10));
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowUp: index + 1, ArrowLeft: index - 1, ArrowDown: index - 1, PageUp: index + page, PageDown: index - page, Home: 0, End: last };
    if (!(event.key in moves)) return;
    event.preventDefault();
    onCursor(Math.min(last, Math.max(0, moves[event.key])));
  };

  return (
    <figure className="hiking__profile">
      <figcaption className="hiking__profile-title">{intl.formatMessage({ id: 'hiking.profile.title' })}</figcaption>
      <svg
        ref={svg}
        viewBox={`0 0 ${BOX.width} ${BOX.height}`}
        className="hiking__graph"
        role="slider"
        tabIndex={0}
        aria-label={intl.formatMessage({ id: 'hiking.profile.label' }, { name })}
        aria-valuemin={0}
        aria-valuemax={Math.round(scale.lengthMetres)}
        aria-valuenow={Math.round(sample[0])}
        aria-valuetext={readout}
        data-hiking-graph=""
        onPointerMove={onPointerMove}
        onKeyDown={onKeyDown}
      >
        {areas.map((area) => (
          <path key={area.steepClass} d={area.d} fill={STEEPNESS_COLOURS[area.steepClass]} data-steepness={area.steepClass} />
        ))}
        <line x1={BOX.left} x2={BOX.width - BOX.right} y1={scale.y(scale.minHeight)} y2={scale.y(scale.minHeight)} className="hiking__axis" />
        <line x1={BOX.left} x2={BOX.left} y1={BOX.top} y2={scale.y(scale.minHeight)} className="hiking__axis" />
        <text x={BOX.left - 4} y={scale.y(scale.maxHeight) + 4} textAnchor="end" className="hiking__tick">
          {scale.maxHeight}
        </text>
        <text x={BOX.left - 4} y={scale.y(scale.minHeight)} textAnchor="end" className="hiking__tick">
          {scale.minHeight}
        </text>
        <text x={4} y={BOX.top + 60} className="hiking__tick" transform={`rotate(-90 10 ${BOX.top + 60})`}>
          m
        </text>
        {kmTicks.map((km) => (
          <text key={km} x={scale.x(km * 1000)} y={BOX.height - 8} textAnchor="middle" className="hiking__tick">
            {km}
          </text>
        ))}
        <text x={BOX.width - BOX.right} y={BOX.height - 1} textAnchor="end" className="hiking__tick">
          km
        </text>
        {cursor !== null ? (
          <g className="hiking__cursor" data-hiking-cursor={cursor}>
            <line x1={scale.x(sample[0])} x2={scale.x(sample[0])} y1={BOX.top} y2={scale.y(scale.minHeight)} />
            <circle cx={scale.x(sample[0])} cy={scale.y(sample[3])} r={4} />
          </g>
        ) : null}
      </svg>
      <p className="hiking__readout" aria-hidden="true">
        {cursor === null ? intl.formatMessage({ id: 'hiking.profile.hint' }) : readout}
      </p>
    </figure>
  );
}
