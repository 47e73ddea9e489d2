import { describe, expect, it } from 'vitest';
import { viewshedQuerySchema } from '../../core/contracts/analysis';
import { DEFAULT_SETTINGS, FIELD_RANGES, formatLinkState, linkStateSchema, linkTextSchema, normaliseHeading, parseField, viewshedQuery } from './parameters';

describe('parseField', () => {
  it('accepts a number within the field range, the ends included', () => {
    expect(parseField('distance', '50')).toEqual({ value: 50 });
    expect(parseField('distance', ' 5000 ')).toEqual({ value: 5000 });
    expect(parseField('observerHeight', '1.6')).toEqual({ value: 1.6 });
  });

  it('names the field and its range for a value out of range, empty or not a number', () => {
    for (const text of ['49', '5001', '', 'far', '1e9']) {
      expect(parseField('distance', text)).toEqual({ problem: { field: 'distance', min: 50, max: 5000 } });
    }
    expect(parseField('horizontalAngle', '0')).toEqual({ problem: { field: 'horizontalAngle', min: 1, max: 360 } });
    expect(parseField('verticalAngle', '181')).toEqual({ problem: { field: 'verticalAngle', min: 1, max: 180 } });
    expect(parseField('observerHeight', '-1')).toEqual({ problem: { field: 'observerHeight', min: 0, max: FIELD_RANGES.observerHeight.max } });
  });
});

describe('normaliseHeading', () => {
  it('wraps a nudged heading into 0–360', () => {
    expect(normaliseHeading(370)).toBe(10);
    expect(normaliseHeading(-5)).toBe(355);
    expect(normaliseHeading(360)).toBe(0);
  });
});

describe('viewshedQuery', () => {
  it('is a query the analysis contract accepts with the same values', () => {
    const observer = { longitude: 114.1869123456, latitude: 22.3524 };
    const settings = { observerHeight: 2.5, heading: 182.5, horizontalAngle: 120, verticalAngle: 60, distance: 2500 };
    const parsed = viewshedQuerySchema.parse(Object.fromEntries(new URLSearchParams(viewshedQuery(observer, settings))));
    expect(parsed).toMatchObject({ observer: { longitude: 114.1869123, latitude: 22.3524 }, ...settings });
  });
});

describe('share-link state', () => {
  it('round-trips the observer and every setting', () => {
    const state = { observer: { longitude: 114.187512, latitude: 22.352478 }, settings: { observerHeight: 12.25, heading: 215.5, horizontalAngle: 360, verticalAngle: 45, distance: 3200 } };
    const text = formatLinkState(state);
    expect(text).toBe('114.187512,22.352478,12.25,215.5,360,45,3200');
    expect(linkStateSchema.parse(text)).toEqual(state);
    expect(linkStateSchema.parse(formatLinkState({ ...state, settings: DEFAULT_SETTINGS })).settings).toEqual(DEFAULT_SETTINGS);
  });

  it('refuses a value with a message naming what is wrong', () => {
    const message = (text: string) => linkStateSchema.safeParse(text).error?.issues[0]?.message;
    expect(message('114.18,22.35,1.6,0,90')).toMatch(/seven numbers/);
    expect(message('114.18,22.35,1.6,0,90,90,x')).toMatch(/seven numbers/);
    expect(message('2.35,48.85,1.6,0,90,90,1000')).toMatch(/in Hong Kong/);
    expect(message('114.18,22.35,1.6,0,90,90,9000')).toBe('viewshed distance must be from 50 to 5000');
    expect(message('114.18,22.35,1.6,0,0,90,1000')).toBe('viewshed horizontalAngle must be from 1 to 360');
  });

  it('keeps the link as text for the address, refusing what would not parse with the same message', () => {
    expect(linkTextSchema.parse('114.18,22.35,1.6,0,90,90,1000')).toBe('114.18,22.35,1.6,0,90,90,1000');
    expect(linkTextSchema.safeParse('114.18,22.35,1.6,0,90,90,9000').error?.issues[0]?.message).toBe('viewshed distance must be from 50 to 5000');
  });
});
