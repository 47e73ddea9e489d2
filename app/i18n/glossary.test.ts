/**
 * Terminology over every Chinese text the product shows: the locale files, the data-service contract texts
 * (app/i18n/contractTexts), the three-language fields of the JSON manifests (layer, catalogue, variant) and
 * those written in TypeScript (`'zh-HK': '…'`, e.g. the API documents' titles). One
 * Chinese term per product word (app/i18n/glossary.ts), each Chinese text in its own script, and no Chinese
 * message left in English.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flattenMessages } from '../../core/i18n';
import type { Language } from '../../core/plugin/types';
import contractTextsHK from './contractTexts/zh-HK';
import contractTextsCN from './contractTexts/zh-CN';
import { GLOSSARY, SCRIPT_PAIRS, type ChineseLanguage } from './glossary';

const root = resolve(import.meta.dirname, '../..');
const localesDir = join(root, 'locales');
const CHINESE: readonly ChineseLanguage[] = ['zh-HK', 'zh-CN'];

/** Every message of a language as `file: key` → text. */
function readMessages(language: Language): Map<string, string> {
  const messages = new Map<string, string>();
  const dir = join(localesDir, language);
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    const table = flattenMessages(JSON.parse(readFileSync(join(dir, file), 'utf8')));
    for (const [key, text] of Object.entries(table)) messages.set(key, text);
  }
  return messages;
}

/**
 * Messages whose Chinese text is rightly the English one: HTTP reason phrases (protocol words a developer
 * searches for), product, standard and format names (UTF-8, ISO 19139 XML), a command name, and layouts with nothing
 * but placeholders.
 */
const SAME_AS_ENGLISH = [
  /^apiPages\.download\.status\.\d+\.name$/,
  /\.format\.[A-Z0-9]+$/,
  /^explorer\.result\.curl$/,
  /^metadata\.code\.characterSet\./,
  /^metadata\.iso\.rawLabel$/,
];

/** Every `"zh-HK"` / `"zh-CN"` string in the JSON manifests, as `path: json pointer` → text. */
function readManifestTexts(language: ChineseLanguage): Map<string, string> {
  const texts = new Map<string, string>();
  const visit = (value: unknown, where: string): void => {
    if (Array.isArray(value)) value.forEach((item, index) => visit(item, `${where}/${index}`));
    else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (key === language && typeof child === 'string') texts.set(`${where}/${key}`, child);
        else visit(child, `${where}/${key}`);
      }
    }
  };
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.json') && !entry.name.endsWith('.schema.json')) visit(JSON.parse(readFileSync(path, 'utf8')), path.slice(root.length + 1) + ':');
    }
  };
  walk(join(root, 'manifests'));
  walk(join(root, 'variants'));
  return texts;
}

/** Three-language texts written in TypeScript (`'zh-HK': '…'`), e.g. the API documents' titles, as `file: line` → text. */
function readSourceTexts(language: ChineseLanguage): Map<string, string> {
  const texts = new Map<string, string>();
  const literal = new RegExp(`['"]${language}['"]\\s*:\\s*(['"\`])((?:\\\\.|(?!\\1).)*)\\1`, 'g');
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !path.endsWith('glossary.ts')) {
        readFileSync(path, 'utf8')
          .split('\n')
          .forEach((line, index) => {
            for (const match of line.matchAll(literal)) texts.set(`${path.slice(root.length + 1)}:${index + 1}`, match[2]!);
          });
      }
    }
  };
  for (const dir of ['core', 'app', 'plugins', 'server']) walk(join(root, dir));
  return texts;
}

const english = readMessages('en-US');
const chinese = Object.fromEntries(CHINESE.map((language) => [language, readMessages(language)])) as Record<ChineseLanguage, Map<string, string>>;
const contractTexts: Record<ChineseLanguage, Readonly<Record<string, string>>> = { 'zh-HK': contractTextsHK, 'zh-CN': contractTextsCN };
/** Every Chinese text of a language, whatever holds it: messages, contract texts, manifests. */
const everyText = Object.fromEntries(
  CHINESE.map((language) => [
    language,
    new Map([
      ...chinese[language],
      ...Object.entries(contractTexts[language]).map(([english, text]): [string, string] => [`contract text "${english.slice(0, 40)}"`, text]),
      ...readManifestTexts(language),
      ...readSourceTexts(language),
    ]),
  ]),
) as Record<ChineseLanguage, Map<string, string>>;

describe('Chinese terminology', () => {
  it.each(CHINESE)('%s uses the glossary term for every product word', (language) => {
    const problems: string[] = [];
    for (const [key, text] of everyText[language]) {
      for (const term of GLOSSARY) {
        for (const avoided of term.avoid[language]) {
          const found = typeof avoided === 'string' ? (text.includes(avoided) ? avoided : null) : (avoided.exec(text)?.[0] ?? null);
          if (found) problems.push(`${key}: "${found}" where the glossary says "${term.chosen[language]}" (${term.english})`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it.each(CHINESE)('%s says "visualisation" and "metadata" with the chosen terms wherever the English does', (language) => {
    const problems: string[] = [];
    for (const term of GLOSSARY.filter((entry) => entry.english === 'visualisation' || entry.english === 'metadata')) {
      const word = new RegExp(`\\b${term.english}`, 'i');
      for (const [key, text] of english) {
        const translated = chinese[language].get(key);
        if (word.test(text) && translated !== undefined && !translated.includes(term.chosen[language])) {
          problems.push(`${key}: "${translated}" lacks "${term.chosen[language]}"`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('keeps zh-HK in Traditional and zh-CN in Simplified characters', () => {
    const problems: string[] = [];
    for (const [traditional, simplified] of SCRIPT_PAIRS) {
      for (const [key, text] of everyText['zh-HK']) if (text.includes(simplified)) problems.push(`zh-HK ${key}: Simplified "${simplified}"`);
      for (const [key, text] of everyText['zh-CN']) if (text.includes(traditional)) problems.push(`zh-CN ${key}: Traditional "${traditional}"`);
    }
    expect(problems).toEqual([]);
  });

  it.each(CHINESE)('%s translates every message that has English words', (language) => {
    const untranslated = [...english]
      .filter(([key, text]) => chinese[language].get(key) === text)
      .filter(([, text]) => /[A-Za-z]{3,}/.test(text.replace(/\{[^}]*\}/g, '')))
      .filter(([key]) => !SAME_AS_ENGLISH.some((pattern) => pattern.test(key)))
      .map(([key, text]) => `${key}: "${text}"`);
    expect(untranslated).toEqual([]);
  });

  it('catches a wrong term, a wrong script and an untranslated text (the rules are not vacuous)', () => {
    const visualisation = GLOSSARY.find((term) => term.english === 'visualisation')!;
    expect(visualisation.avoid['zh-HK'].some((word) => typeof word === 'string' && '三維視覺化地圖'.includes(word))).toBe(true);
    const grid = GLOSSARY.find((term) => term.english === 'grid')!;
    const gridPattern = grid.avoid['zh-HK'].find((word): word is RegExp => word instanceof RegExp)!;
    expect(gridPattern.test('下載格網')).toBe(true);
    expect(gridPattern.test('香港1980方格網')).toBe(false);
    expect(SCRIPT_PAIRS.some(([, simplified]) => '地图'.includes(simplified))).toBe(true);
    expect(/[A-Za-z]{3,}/.test('Data attribution')).toBe(true);
    // every kind of source is read
    const sources = [...everyText['zh-HK'].keys()];
    for (const prefix of ['app.', 'contract text', 'manifests/catalogue/', 'core/contracts/apiDocuments.ts:']) {
      expect(sources.some((key) => key.startsWith(prefix)), prefix).toBe(true);
    }
  });
});
