import { describe, expect, it } from 'vitest';
import { exportFileName, profileToCsv } from './csv';
import { syntheticProfile } from './testProfile';

describe('profile CSV', () => {
  it('has a header and one row per sample, heights empty where there are none, names quoted', () => {
    const lines = profileToCsv(syntheticProfile(), 'en-US').split('\r\n');
    expect(lines[0]).toBe('distance_m,longitude,latitude,ground_m,roof_m,building');
    expect(lines).toHaveLength(1 + 11 + 1);
    expect(lines.at(-1)).toBe('');
    expect(lines[1]).toBe('0.00,114.1000000,22.3000000,10.00,,');
    expect(lines[6]).toBe('50.00,114.1005000,22.3000000,,,');
    expect(lines[8]).toBe('70.00,114.1007000,22.3000000,35.00,80.00,"Tower, ""A"""');
  });

  it('names the building in the page language, by id when it has no name', () => {
    expect(profileToCsv(syntheticProfile(), 'zh-CN').split('\r\n')[9]).toMatch(/,甲大廈$/);
    const profile = syntheticProfile();
    profile.samples[7].buildingName = null;
    expect(profileToCsv(profile, 'en-US').split('\r\n')[8]).toMatch(/,b1$/);
  });

  it('names files by the line start and length', () => {
    expect(exportFileName(syntheticProfile(), 'csv')).toBe('cross-section-114.1000_22.3000-100m.csv');
    expect(exportFileName(syntheticProfile(), 'png')).toBe('cross-section-114.1000_22.3000-100m.png');
  });
});
