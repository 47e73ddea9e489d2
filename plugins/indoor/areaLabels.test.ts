import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { areaLabelId, NAMED_SPACES } from './areaLabels';

const table = (lang: string) => JSON.parse(readFileSync(new URL(`../../locales/${lang}/indoor.json`, import.meta.url), 'utf8')) as Record<string, string>;

describe('area labels', () => {
  it('name each kind the feeds use in all three languages, and any other kind "Area"', () => {
    expect(areaLabelId({ space: 'platform' })).toBe('indoor.space.platform');
    expect(areaLabelId({ space: 'corridor' })).toBe('indoor.space.corridor');
    expect(areaLabelId({ space: 'observatory' })).toBe('indoor.space.other');
    expect(areaLabelId({ space: null })).toBe('indoor.space.other');
    for (const lang of ['en-US', 'zh-HK', 'zh-CN']) {
      const messages = table(lang);
      for (const space of [...NAMED_SPACES, 'other']) expect(messages[`indoor.space.${space}`], `${lang} ${space}`).toBeTruthy();
    }
    expect(table('en-US')['indoor.message.identifyWithin']).toBe('Please identify within 3D indoor map');
  });
});
