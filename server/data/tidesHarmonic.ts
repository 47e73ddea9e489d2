/**
 * Harmonic tide prediction fitted by least squares (the classical method behind published tide tables):
 * h(t) = Z0 + Σ f·(a·cos(V + u) + b·sin(V + u)), with V the constituent's astronomical argument at t, f and u
 * its nodal factor and phase (lunar node, 18.6-year cycle), and a, b the unknowns.
 *
 * Which constituents: ten days of hourly heights separate two constituents only when their frequencies differ by
 * more than one cycle in the record (Rayleigh criterion, 1/240 cycles per hour). M2-S2 (14.8 days) and K1-O1
 * (13.7 days) are just short of that, N2-M2 (27.6 days) and Q1-O1 (27.6 days) far short, K1-P1 and S2-K2 (half a
 * year) hopeless. They are fitted anyway because the data are predictions, not measurements: they are themselves a
 * sum of harmonics with no noise but the 1 cm rounding, and with exact astronomical arguments the columns stay
 * independent enough (condition number about 15). P1 and K2 cannot be told from K1 and S2 at all, so they are
 * inferred from them with the equilibrium-tide ratios (P1 = 0.331 K1, K2 = 0.272 S2, same phase lag), the
 * standard practice for short records. M4 and MS4 (shallow-water overtides) take up the distortion of the curve in
 * Tolo Harbour. Fitting days 1-7 and predicting days 8-10 chose this set (server/data/tidesHarmonic.test.ts);
 * adding MN4 or fitting P1 and K2 freely made the held-out error worse.
 *
 * What the fit cannot know: the seasonal change of mean sea level (Sa, Ssa need a year of data), so its mean
 * level is January's; and constituents beyond these. Pure; time in epoch milliseconds (UTC).
 */

/** One constituent: its astronomical argument from the mean longitudes, and its nodal correction. */
interface ConstituentDefinition {
  /** Astronomical argument V, degrees, from the solar hour angle T and mean longitudes s, h, p of moon, sun, perigee. */
  argument(a: AstronomicalArguments): number;
  /** Nodal factor f and phase u (degrees) from the longitude of the moon's ascending node N (degrees). */
  nodal(nodeDegrees: number): { f: number; u: number };
}

interface AstronomicalArguments {
  /** Solar hour angle: 180° at 00:00 UTC, 15° per hour. */
  T: number;
  s: number;
  h: number;
  p: number;
  N: number;
}

const DEG = Math.PI / 180;
const J2000_MS = Date.UTC(2000, 0, 1, 12);
const DAY_MS = 86_400_000;

/** Mean longitudes (degrees) at a time: Meeus' linear terms, ample for a fit over days and predictions over years. */
function astronomicalArguments(epochMs: number): AstronomicalArguments {
  const days = (epochMs - J2000_MS) / DAY_MS;
  const hoursUtc = (((epochMs % DAY_MS) + DAY_MS) % DAY_MS) / 3_600_000;
  return {
    T: 180 + 15 * hoursUtc,
    s: 218.3164 + 13.17639648 * days,
    h: 280.4661 + 0.98564736 * days,
    p: 83.3535 + 0.11140353 * days,
    N: 125.0445 - 0.05295377 * days,
  };
}

/** Nodal corrections of Schureman's tables as the usual cosine / sine series in N. */
function lunarSemidiurnal(N: number) {
  return { f: 1.0004 - 0.0373 * Math.cos(N * DEG) + 0.0002 * Math.cos(2 * N * DEG), u: -2.14 * Math.sin(N * DEG) };
}
function k1Nodal(N: number) {
  return {
    f: 1.006 + 0.115 * Math.cos(N * DEG) - 0.0088 * Math.cos(2 * N * DEG) + 0.0006 * Math.cos(3 * N * DEG),
    u: -8.86 * Math.sin(N * DEG) + 0.68 * Math.sin(2 * N * DEG) - 0.07 * Math.sin(3 * N * DEG),
  };
}
function o1Nodal(N: number) {
  return {
    f: 1.0089 + 0.1871 * Math.cos(N * DEG) - 0.0147 * Math.cos(2 * N * DEG) + 0.0014 * Math.cos(3 * N * DEG),
    u: 10.8 * Math.sin(N * DEG) - 1.34 * Math.sin(2 * N * DEG) + 0.19 * Math.sin(3 * N * DEG),
  };
}
function k2Nodal(N: number) {
  return {
    f: 1.0241 + 0.2863 * Math.cos(N * DEG) + 0.0083 * Math.cos(2 * N * DEG) - 0.0015 * Math.cos(3 * N * DEG),
    u: -17.74 * Math.sin(N * DEG) + 0.68 * Math.sin(2 * N * DEG) - 0.04 * Math.sin(3 * N * DEG),
  };
}
const solar = () => ({ f: 1, u: 0 });

const m2Argument = ({ T, s, h }: AstronomicalArguments) => 2 * T - 2 * s + 2 * h;

/** The constituents this module knows, by their standard names. */
export const CONSTITUENTS = {
  M2: { argument: m2Argument, nodal: lunarSemidiurnal },
  S2: { argument: ({ T }) => 2 * T, nodal: solar },
  N2: { argument: ({ T, s, h, p }) => 2 * T - 3 * s + 2 * h + p, nodal: lunarSemidiurnal },
  K2: { argument: ({ T, h }) => 2 * T + 2 * h, nodal: k2Nodal },
  K1: { argument: ({ T, h }) => T + h + 90, nodal: k1Nodal },
  O1: { argument: ({ T, s, h }) => T - 2 * s + h - 90, nodal: o1Nodal },
  P1: { argument: ({ T, h }) => T - h - 90, nodal: solar },
  Q1: { argument: ({ T, s, h, p }) => T - 3 * s + h + p - 90, nodal: o1Nodal },
  M4: {
    argument: (a) => 2 * m2Argument(a),
    nodal: (N) => {
      const m2 = lunarSemidiurnal(N);
      return { f: m2.f * m2.f, u: 2 * m2.u };
    },
  },
  MS4: { argument: (a) => m2Argument(a) + 2 * a.T, nodal: lunarSemidiurnal },
  MN4: {
    argument: (a) => m2Argument(a) + 2 * a.T - 3 * a.s + 2 * a.h + a.p,
    nodal: (N) => {
      const m2 = lunarSemidiurnal(N);
      return { f: m2.f * m2.f, u: 2 * m2.u };
    },
  },
} satisfies Record<string, ConstituentDefinition>;
export type ConstituentName = keyof typeof CONSTITUENTS;

/** Constituents a short record cannot separate, inferred from a fitted one by the equilibrium-tide amplitude ratio. */
export const INFERRED_CONSTITUENTS: Partial<Record<ConstituentName, ReadonlyArray<{ name: ConstituentName; ratio: number }>>> = {
  K1: [{ name: 'P1', ratio: 0.331 }],
  S2: [{ name: 'K2', ratio: 0.272 }],
};

/** The set fitted to ten days of hourly heights (see the module comment). */
export const TEN_DAY_CONSTITUENTS: readonly ConstituentName[] = ['M2', 'S2', 'N2', 'K1', 'O1', 'Q1', 'M4', 'MS4'];

export interface TideSample {
  epochMs: number;
  heightM: number;
}

export interface HarmonicModel {
  constituents: readonly ConstituentName[];
  /** Mean level Z0 and the a, b pair of each constituent, in that order. */
  coefficients: readonly number[];
  /** Root mean square of the residuals over the fitted samples, metres. */
  fitRmsM: number;
  /** Height above the datum of the fitted data at a time, metres. */
  heightAt(epochMs: number): number;
}

/** One row of the design matrix: 1, then f·cos(V+u), f·sin(V+u) per constituent, inferred companions added in. */
function designRow(epochMs: number, constituents: readonly ConstituentName[]): number[] {
  const astro = astronomicalArguments(epochMs);
  const row = [1];
  for (const name of constituents) {
    let cosine = 0;
    let sine = 0;
    const terms = [{ name, ratio: 1 }, ...(INFERRED_CONSTITUENTS[name] ?? []).filter((inferred) => !constituents.includes(inferred.name))];
    for (const term of terms) {
      const definition: ConstituentDefinition = CONSTITUENTS[term.name];
      const { f, u } = definition.nodal(astro.N);
      const phase = (definition.argument(astro) + u) * DEG;
      cosine += term.ratio * f * Math.cos(phase);
      sine += term.ratio * f * Math.sin(phase);
    }
    row.push(cosine, sine);
  }
  return row;
}

/** Solves the normal equations AᵀA x = Aᵀy by Gaussian elimination with partial pivoting. */
function leastSquares(rows: readonly number[][], values: readonly number[]): number[] {
  const n = rows[0].length;
  const matrix = Array.from({ length: n }, () => new Array<number>(n + 1).fill(0));
  rows.forEach((row, k) => {
    for (let i = 0; i < n; i += 1) {
      for (let j = 0; j < n; j += 1) matrix[i][j] += row[i] * row[j];
      matrix[i][n] += row[i] * values[k];
    }
  });
  for (let column = 0; column < n; column += 1) {
    let pivot = column;
    for (let r = column + 1; r < n; r += 1) if (Math.abs(matrix[r][column]) > Math.abs(matrix[pivot][column])) pivot = r;
    if (Math.abs(matrix[pivot][column]) < 1e-12) throw new Error('tide fit: the constituents cannot be separated with these samples');
    [matrix[column], matrix[pivot]] = [matrix[pivot], matrix[column]];
    for (let r = 0; r < n; r += 1) {
      if (r === column) continue;
      const factor = matrix[r][column] / matrix[column][column];
      for (let c = column; c <= n; c += 1) matrix[r][c] -= factor * matrix[column][c];
    }
  }
  return matrix.map((row, i) => row[n] / row[i]);
}

/** Fits the constituents to the samples (at least twice as many samples as unknowns). */
export function fitHarmonics(samples: readonly TideSample[], constituents: readonly ConstituentName[] = TEN_DAY_CONSTITUENTS): HarmonicModel {
  const unknowns = 1 + 2 * constituents.length;
  if (samples.length < 2 * unknowns) throw new Error(`tide fit: ${samples.length} samples are too few for ${constituents.length} constituents`);
  const rows = samples.map((sample) => designRow(sample.epochMs, constituents));
  const coefficients = leastSquares(
    rows,
    samples.map((sample) => sample.heightM),
  );
  const heightAt = (epochMs: number) => designRow(epochMs, constituents).reduce((sum, value, i) => sum + value * coefficients[i], 0);
  const fitRmsM = Math.sqrt(samples.reduce((sum, sample) => sum + (heightAt(sample.epochMs) - sample.heightM) ** 2, 0) / samples.length);
  return { constituents, coefficients, fitRmsM, heightAt };
}

/** Amplitude (m) of each fitted constituent, for the documentation and tests. */
export function amplitudes(model: HarmonicModel): Record<string, number> {
  return Object.fromEntries(model.constituents.map((name, i) => [name, Math.hypot(model.coefficients[1 + 2 * i], model.coefficients[2 + 2 * i])]));
}
