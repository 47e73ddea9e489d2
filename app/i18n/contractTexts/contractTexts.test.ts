import { describe, expect, it } from 'vitest';
import { API_ENDPOINTS, API_KEY_QUERY_PARAMETER, buildOpenApiDocument } from '../../../core/contracts';
import { documentTexts } from '../../../core/contracts/documentTexts';
import { describeEndpoint } from '../../pages/api/apiDocs';
import { loadContractTexts } from '.';

/** Every text the explorer can show: the whole service, the API key scheme included. */
const TEXTS = documentTexts(
  buildOpenApiDocument(API_ENDPOINTS, { title: 'service', version: 'test', description: 'service' }, { apiKeyQueryParameter: API_KEY_QUERY_PARAMETER }),
);

describe('contract texts', () => {
  it('lists the prose of a document (summaries, descriptions, tag names) but not its info nor field names', () => {
    const texts = documentTexts({
      info: { title: 'Whole API', description: 'About it' },
      tags: [{ name: 'Terrain' }],
      paths: {
        '/a': {
          get: {
            tags: ['Terrain'],
            summary: 'Heights',
            parameters: [{ name: 'x', description: 'Easting' }],
            responses: { '200': { description: 'Points', content: { 'application/json': { schema: { properties: { description: { type: 'string', description: 'Free text' } } } } } } },
          },
        },
      },
    });
    expect([...texts].sort()).toEqual(['Easting', 'Free text', 'Heights', 'Points', 'Terrain']);
  });

  it('the API pages show no contract text the explorer lacks', () => {
    for (const endpoint of API_ENDPOINTS) {
      const doc = describeEndpoint(endpoint);
      const shown = [doc.summary, doc.description, doc.tag, ...doc.parameters.map((parameter) => parameter.description), ...doc.responses.map((response) => response.description)];
      for (const text of shown) if (text !== undefined) expect(TEXTS, `${endpoint.id}: ${text}`).toContain(text);
    }
  });

  for (const language of ['zh-HK', 'zh-CN'] as const) {
    it(`${language} has every text, no stale one, in Chinese, keeping each \`code\` name`, async () => {
      const table = (await loadContractTexts(language))!;
      expect([...TEXTS].filter((text) => !(text in table)), 'missing').toEqual([]);
      expect(Object.keys(table).filter((text) => !TEXTS.has(text)), 'stale (no contract says it any more)').toEqual([]);
      for (const [english, translated] of Object.entries(table)) {
        expect(translated, english).toMatch(/[\u4e00-\u9fff]/);
        for (const code of english.match(/`[^`]+`/g) ?? []) expect(translated, english).toContain(code);
      }
    });
  }

  it('en-US has no table: the contracts are its text', async () => {
    expect(await loadContractTexts('en-US')).toBeUndefined();
  });
});
