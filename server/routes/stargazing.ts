import type { FastifyInstance } from 'fastify';
import { stargazingEndpoint, type StargazingResponse } from '../../core/contracts/stargazing';
import { registerEndpoint } from '../http/endpoint';
import { DEM_ATTRIBUTION } from '../terrain/dem';
import { HONG_KONG_OFFSET_HOURS, hongKongDate } from '../../core/contracts/sun';
import { nightSky } from '../data/stargazingAstronomy';
import { loadViewpoints, type Viewpoint } from '../data/stargazingViewpoints';

const METHOD =
  'Candidates: named peaks of 200 m and more inside Hong Kong (OpenStreetMap). Built-up area: 500 m cells holding 6 or more ' +
  'Transport Department road junctions. Score: 0.5 × distance to the nearest built-up cell (full at 8 km) + 0.25 × height ' +
  '(full at 900 m) + 0.25 × openness of the terrain horizon (LandsD DTM, 16 directions to 3 km; none at a 10° mean); the ' +
  'best eight at least 6 km apart. Sun and moon: Meeus, Astronomical Algorithms (ch. 15, 25, 47, 48), for the place.';
const ATTRIBUTION = `Peaks: © OpenStreetMap contributors (ODbL). Road junctions: Transport Department (DATA.GOV.HK). ${DEM_ATTRIBUTION}`;

/** An instant in Hong Kong time to the minute, with its offset (the drawer shows hours and minutes). */
function hongKongTime(time: Date | null): string | null {
  if (!time) return null;
  const rounded = Math.round(time.getTime() / 60_000) * 60_000;
  return `${new Date(rounded + HONG_KONG_OFFSET_HOURS * 3_600_000).toISOString().slice(0, 19)}+08:00`;
}

function describe(viewpoint: Viewpoint, date: string): StargazingResponse['viewpoints'][number] {
  const sky = nightSky(date, viewpoint.longitude, viewpoint.latitude);
  return {
    id: viewpoint.id,
    name: viewpoint.name,
    longitude: Math.round(viewpoint.longitude * 1e6) / 1e6,
    latitude: Math.round(viewpoint.latitude * 1e6) / 1e6,
    heightMeters: viewpoint.elevation,
    distanceToBuiltUpKm: Math.round(viewpoint.distanceToBuiltUpKm * 100) / 100,
    meanHorizonDegrees: Math.round(viewpoint.meanHorizonDegrees * 100) / 100,
    score: Math.round(viewpoint.score * 1000) / 1000,
    sky: {
      sunset: hongKongTime(sky.sunset),
      astronomicalDusk: hongKongTime(sky.astronomicalDusk),
      moonrise: hongKongTime(sky.moonrise),
      moonset: hongKongTime(sky.moonset),
      moonIlluminationPercent: Math.round(sky.moonIlluminatedFraction * 1000) / 10,
      moonPhase: sky.moonPhase,
    },
  };
}

/**
 * GET /mapviewer/api/stargazing/viewpoints?date=: the viewpoints are chosen on the first request (about a second:
 * the DEM, 444 peaks and 25,000 junctions; the DEM sampler is the one the terrain tiles share) and kept; the sky is
 * computed per request for the date asked (today in Hong Kong by default).
 */
export async function stargazingRoutes(app: FastifyInstance, options: { dataDir: string; now?: () => Date }): Promise<void> {
  let viewpoints: Viewpoint[] | null = null;
  registerEndpoint(app, stargazingEndpoint, ({ query }, _request, reply) => {
    viewpoints ??= loadViewpoints(options.dataDir);
    const date = query.date ?? hongKongDate(options.now?.() ?? new Date());
    const answer: StargazingResponse = {
      date,
      timeZone: 'Asia/Hong_Kong',
      viewpoints: viewpoints.map((viewpoint) => describe(viewpoint, date)),
      method: METHOD,
      attribution: ATTRIBUTION,
    };
    // A night's answer changes only with the date; "today" changes at midnight.
    return reply.header('cache-control', query.date ? 'public, max-age=86400' : 'public, max-age=600').send(answer);
  });
}
