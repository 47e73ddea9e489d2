import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse as realParse } from '@formatjs/icu-messageformat-parser';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { flattenMessages } from '../../core/i18n';
import { LANGUAGES } from '../../core/plugin/types';
import { precompileBundle, precompileMessages } from './precompileMessages';
import { parse as standInParse } from './precompiledMessagesParser';

const LOCALES = resolve(import.meta.dirname, '../../locales');

function readBundles(language: string): Array<{ file: string; json: unknown }> {
  const folder = join(LOCALES, language);
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .map((name) => ({ file: `locales/${language}/${name}`, json: JSON.parse(readFileSync(join(folder, name), 'utf8')) }));
}

/** Every argument of a message gets 3: a number for plurals and numbers, `other` for selects, text otherwise. */
function sampleValues(message: string): Record<string, number> {
  return Object.fromEntries([...message.matchAll(/\{\s*([A-Za-z_]\w*)/g)].map((match) => [match[1], 3]));
}

describe('precompiled messages', () => {
  it.each(LANGUAGES)('%s: each message formats the same precompiled (stand-in parser) as from its text (real parser)', (language) => {
    let precompiled = 0;
    for (const { file, json } of readBundles(language)) {
      const written = flattenMessages(json);
      const built = flattenMessages(precompileBundle(json));
      expect(Object.keys(built), file).toEqual(Object.keys(written));
      for (const [id, text] of Object.entries(written)) {
        const message = built[id] as unknown;
        if (typeof message === 'string') {
          // Left as text: the stand-in must read it exactly as the real parser does.
          expect(message, id).toBe(text);
          expect(standInParse(message), id).toEqual(realParse(message));
        } else {
          precompiled += 1;
          expect(message, id).toEqual(realParse(text));
        }
        const values = sampleValues(text);
        const fromText = createIntl({ locale: language, messages: { [id]: text } }).formatMessage({ id }, values);
        const fromAst = createIntl({ locale: language, messages: { [id]: message as string } }).formatMessage({ id }, values);
        expect(fromAst, id).toEqual(fromText);
      }
    }
    // The bundles do have ICU messages (plurals, arguments): the comparison above is not only over plain text.
    expect(precompiled).toBeGreaterThan(50);
  });

  it('the stand-in parser refuses ICU syntax it was never given precompiled, naming the message', () => {
    expect(() => standInParse('{count} layers')).toThrow('the message "{count} layers" has ICU syntax but was not precompiled');
    expect(standInParse('Layers')).toEqual(realParse('Layers'));
  });

  it('the build plugin precompiles locale bundles only, and fails on a message that is not valid ICU, naming its key', () => {
    const plugin = precompileMessages();
    const transform = plugin.transform as (this: { error(message: string): never }, code: string, id: string) => { code: string } | null;
    const context = {
      error(message: string): never {
        throw new Error(message);
      },
    };
    const bundle = JSON.stringify({ $schema: '../x.json', 'app.count': '{count, plural, one {# layer} other {# layers}}', 'app.plain': 'Map' });
    const result = transform.call(context, bundle, `${LOCALES}/en-US/app.json`);
    expect(JSON.parse(result!.code)).toEqual({ $schema: '../x.json', 'app.count': realParse('{count, plural, one {# layer} other {# layers}}'), 'app.plain': 'Map' });
    expect(transform.call(context, bundle, resolve(LOCALES, '../manifests/overlays/aqhi.json'))).toBeNull();
    expect(transform.call(context, bundle, '/elsewhere/node_modules/some-package/locales/en/app.json')).toBeNull();
    expect(() => transform.call(context, JSON.stringify({ 'app.broken': 'Up to {num grids' }), `${LOCALES}/en-US/app.json`)).toThrow(
      /locales\/en-US\/app\.json: message "app\.broken" is not valid ICU/,
    );
  });
});
