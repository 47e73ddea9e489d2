/**
 * The harmonic fit against HKO's own predictions at Tai Po Kau that it never saw: fitted on 1-7 January 2026,
 * checked on the hourly heights of 8-10 January and on HKO's high and low waters of 8-16 January. The figures
 * (printed) are quoted in plugins/tide-gauge/CONTEXT.md.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../app';
import { extremesOf, hongKongDayStart, loadTideData, type TideEvent } from './tides';
import { amplitudes, fitHarmonics, TEN_DAY_CONSTITUENTS } from './tidesHarmonic';

const data = loadTideData(join(ROOT_DIR, 'data'));
const trainEnd = hongKongDayStart('2026-01-08');
const training = data.taiPoKauHourly.filter((sample) => sample.epochMs <= trainEnd);
const heldOut = data.taiPoKauHourly.filter((sample) => sample.epochMs > trainEnd);
const model = fitHarmonics(training);
const rms = (values: number[]) => Math.sqrt(values.reduce((sum, value) => sum + value * value, 0) / values.length);

/** Each HKO high or low water matched with the fit's nearest extreme of the same type. */
function matchExtremes(events: readonly TideEvent[]) {
  const predicted = extremesOf(model.heightAt, hongKongDayStart('2026-01-07'), hongKongDayStart('2026-01-18'));
  return events.map((event) => {
    const nearest = predicted.filter((candidate) => candidate.type === event.type).sort((a, b) => Math.abs(a.epochMs - event.epochMs) - Math.abs(b.epochMs - event.epochMs))[0];
    return { heightErrorM: nearest.heightM - event.heightM, timeErrorMinutes: (nearest.epochMs - event.epochMs) / 60_000 };
  });
}

describe('harmonic fit to the HKO predictions at Tai Po Kau', () => {
  it('fits the training week to under 10 cm with the ten-day constituent set', () => {
    expect(training).toHaveLength(7 * 24);
    expect(model.constituents).toEqual(TEN_DAY_CONSTITUENTS);
    // HKO's predictions hold many more constituents (and shallow-water ones) than ten days can resolve: 8 cm remain.
    expect(model.fitRmsM).toBeLessThan(0.1);
    // The diurnal and semidiurnal tides dominate at Tai Po Kau (mixed, mainly diurnal tide: K1 and O1 largest).
    const amplitude = amplitudes(model);
    expect(amplitude.K1).toBeGreaterThan(0.3);
    expect(amplitude.O1).toBeGreaterThan(0.2);
    expect(amplitude.M2).toBeGreaterThan(0.3);
  });

  it('predicts the held-out hourly heights of 8-10 January', () => {
    const errors = heldOut.map((sample) => model.heightAt(sample.epochMs) - sample.heightM);
    const error = rms(errors);
    console.info(`tide fit, days 8-10 hourly: RMS ${error.toFixed(3)} m, largest ${Math.max(...errors.map(Math.abs)).toFixed(3)} m (${errors.length} hours)`);
    expect(heldOut).toHaveLength(3 * 24);
    expect(error).toBeLessThan(0.1);
  });

  it("predicts HKO's high and low waters of 8-16 January", () => {
    const events = data.taiPoKauHighLow.filter((event) => event.epochMs >= trainEnd);
    const matched = matchExtremes(events);
    const heightRms = rms(matched.map((m) => m.heightErrorM));
    const timeRms = rms(matched.map((m) => m.timeErrorMinutes));
    console.info(
      `tide fit, HKO high/low waters 8-16 Jan: ${events.length} events, height RMS ${heightRms.toFixed(3)} m, time RMS ${timeRms.toFixed(0)} min`,
    );
    expect(events.length).toBeGreaterThan(25);
    expect(heightRms).toBeLessThan(0.15);
    // Times are the weak part: the flat lower high waters of this mixed tide come about an hour late (also in the
    // training week), so the bound is loose; a time-zone or hour-column mistake would still be hours off.
    expect(timeRms).toBeLessThan(75);
  });

  it('is worse without the inferred and shallow-water constituents, which is why they are in', () => {
    const heldOutRms = (constituents: Parameters<typeof fitHarmonics>[1]) => {
      const reduced = fitHarmonics(training, constituents);
      return rms(heldOut.map((sample) => reduced.heightAt(sample.epochMs) - sample.heightM));
    };
    const full = heldOutRms(TEN_DAY_CONSTITUENTS);
    expect(heldOutRms(['M2', 'S2', 'K1', 'O1'])).toBeGreaterThan(full);
    expect(heldOutRms(['M2', 'S2', 'N2', 'K1', 'O1', 'Q1'])).toBeGreaterThan(full);
  });

  it('refuses a record too short for its constituents', () => {
    expect(() => fitHarmonics(training.slice(0, 20))).toThrow(/too few/);
  });
});
