import { describe, expect, it } from 'vitest';
import {
  AQHI_HEALTH_RISKS,
  BEACH_GRADES,
  BEACH_GRADE_CODES,
  aqhiColour,
  aqhiDisplay,
  aqhiHealthRisk,
  beachGrade,
} from './index';

describe('AQHI health-risk table (SPEC §9)', () => {
  it('groups 1-3 Low, 4-6 Moderate, 7 High, 8-10 Very High, 11 Serious', () => {
    const byValue = Array.from({ length: 11 }, (_, i) => aqhiHealthRisk(i + 1).name['en-US']);
    expect(byValue).toEqual(['Low', 'Low', 'Low', 'Moderate', 'Moderate', 'Moderate', 'High', 'Very High', 'Very High', 'Very High', 'Serious']);
  });
  it('shows 11 as 10+ and the rest as numbers', () => {
    expect(aqhiDisplay(11)).toBe('10+');
    expect(aqhiDisplay(10)).toBe('10');
    expect(aqhiDisplay(1)).toBe('1');
  });
  it('covers 1..11 once, with a colour and three names per category', () => {
    const covered = AQHI_HEALTH_RISKS.flatMap((risk) => Array.from({ length: risk.max - risk.min + 1 }, (_, i) => risk.min + i));
    expect(covered).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    for (const risk of AQHI_HEALTH_RISKS) {
      expect(risk.name['zh-HK'] && risk.name['zh-CN']).toBeTruthy();
      expect(aqhiColour(risk.min)).toMatch(/^\d{1,3},\d{1,3},\d{1,3}$/);
    }
    expect(aqhiHealthRisk(11).name).toEqual({ 'en-US': 'Serious', 'zh-HK': '嚴重', 'zh-CN': '严重' });
  });
  it('rejects values outside 1..11', () => {
    expect(() => aqhiHealthRisk(0)).toThrow(/1 to 11/);
    expect(() => aqhiHealthRisk(12)).toThrow(/1 to 11/);
    expect(() => aqhiHealthRisk(2.5)).toThrow(/1 to 11/);
  });
});

describe('beach grade table (SPEC §9)', () => {
  it('has the eight SPEC codes with their names', () => {
    expect(BEACH_GRADES.map((grade) => grade.code)).toEqual([...BEACH_GRADE_CODES]);
    expect(BEACH_GRADES.map((grade) => grade.name['en-US'])).toEqual([
      'Good',
      'Fair',
      'Poor',
      'Very Poor',
      'Not graded in winter',
      'Planned public beach',
      'Not open for swimming',
      'Closed',
    ]);
    expect(beachGrade(4).name['zh-HK']).toBe('極差');
  });
  it('gives every grade a distinct colour', () => {
    expect(new Set(BEACH_GRADES.map((grade) => grade.rgb.join(','))).size).toBe(BEACH_GRADES.length);
  });
});
