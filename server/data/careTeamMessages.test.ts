import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../app';
import { loadCareTeamMessages, validateCareTeamMessages } from './careTeamMessages';
import { icuArgumentNames } from './icuMessage';

const dataDir = join(ROOT_DIR, 'data');

describe('ICU message checker', () => {
  it('returns the argument names of simple, formatted, plural and select messages', () => {
    expect(icuArgumentNames('Care Teams')).toEqual([]);
    expect(icuArgumentNames('Call {telephone}')).toEqual(['telephone']);
    expect(icuArgumentNames('{count, plural, =0 {No teams} one {# team} other {# teams in {district}}}')).toEqual(['count', 'district']);
    expect(icuArgumentNames('{kind, select, fax {Fax} other {Telephone}}: {when, date, short}')).toEqual(['kind', 'when']);
    expect(icuArgumentNames("It''s '{literal}' text")).toEqual([]);
  });

  it('rejects malformed messages, saying what is wrong', () => {
    expect(() => icuArgumentNames('Call {telephone')).toThrow(/missing '}'/);
    expect(() => icuArgumentNames('Call telephone}')).toThrow(/unmatched '}'/);
    expect(() => icuArgumentNames('{count, plural, one {# team}}')).toThrow(/no 'other' branch/);
    expect(() => icuArgumentNames('{count, plurall, other {x}}')).toThrow(/unknown argument type 'plurall'/);
  });
});

describe('care team message bundles', () => {
  const bundles = loadCareTeamMessages(dataDir);

  it('has the same ids in en-US, zh-HK and zh-CN, covering the care team fields', () => {
    const ids = Object.keys(bundles['en-US']).sort();
    expect(Object.keys(bundles['zh-HK']).sort()).toEqual(ids);
    expect(Object.keys(bundles['zh-CN']).sort()).toEqual(ids);
    for (const id of ['careTeam.title', 'careTeam.organisation', 'careTeam.telephone', 'careTeam.fax', 'careTeam.email', 'careTeam.messaging', 'careTeam.website', 'careTeam.facilities', 'careTeam.district', 'careTeam.districtCode', 'careTeam.subDistrict']) {
      expect(ids).toContain(id);
    }
    expect(bundles['zh-HK']['careTeam.telephone']).toBe('電話');
    expect(bundles['zh-CN']['careTeam.telephone']).toBe('电话');
  });

  it('fails loudly when a locale lacks an id, naming the locale and the id', () => {
    const { 'careTeam.fax': _fax, ...withoutFax } = bundles['zh-CN'];
    expect(() => validateCareTeamMessages({ ...bundles, 'zh-CN': withoutFax }, 'messages.json')).toThrow("messages.json: zh-CN has no message 'careTeam.fax'");
  });

  it('fails when a locale uses other arguments or broken ICU, or a locale or id is malformed', () => {
    expect(() => validateCareTeamMessages({ ...bundles, 'zh-HK': { ...bundles['zh-HK'], 'careTeam.callTelephone': '致電 {phone}' } }, 'm')).toThrow(
      "'careTeam.callTelephone' uses different arguments per language: en-US {telephone}, zh-HK {phone}, zh-CN {telephone}",
    );
    expect(() => validateCareTeamMessages({ ...bundles, 'en-US': { ...bundles['en-US'], 'careTeam.count': '{count, plural, one {#}' } }, 'm')).toThrow(
      /en-US 'careTeam.count' is not a valid ICU message/,
    );
    expect(() => validateCareTeamMessages({ 'en-US': bundles['en-US'], 'zh-HK': bundles['zh-HK'] }, 'm')).toThrow(/^m: zh-CN: /);
    expect(() => validateCareTeamMessages({ ...bundles, 'en-US': { 'careTeam.title': 'x' } }, 'm')).toThrow(/^m: en-US/);
  });
});
