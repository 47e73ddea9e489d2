/**
 * Every message exists in every language, for every namespace (core, app and plugins alike), and every
 * message id the shell uses exists.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findMissingKeys, findPlaceholderMismatches, flattenMessages, type MessagesByLanguage } from '../../core/i18n';
import { LANGUAGES, type Language } from '../../core/plugin/types';
import { ABOUT_SECTIONS } from '../state/shellStore';
import { FAQ_COUNT, SYSTEM_REQUIREMENT_ROWS, VIDEOS, paragraphIds } from '../content/aboutContent';
import { PLUGIN_MESSAGES_PART, SHELL_NAMESPACES } from './messageParts';
import { messageTables } from './messages';

const root = resolve(import.meta.dirname, '../..');
const localesDir = join(root, 'locales');

function readLanguage(language: Language): Record<string, Record<string, string>> {
  const dir = join(localesDir, language);
  const byNamespace: Record<string, Record<string, string>> = {};
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    byNamespace[file.replace(/\.json$/, '')] = flattenMessages(JSON.parse(readFileSync(join(dir, file), 'utf8')));
  }
  return byNamespace;
}

const files = Object.fromEntries(LANGUAGES.map((language) => [language, readLanguage(language)])) as Record<
  Language,
  Record<string, Record<string, string>>
>;
/** The merged table of each language, as the files on disk hold it. */
const MESSAGES = Object.fromEntries(
  LANGUAGES.map((language) => [language, Object.assign({}, ...Object.values(files[language]))]),
) as MessagesByLanguage;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('locales', () => {
  it('has the same namespace files in every language', () => {
    const namespaces = LANGUAGES.map((language) => Object.keys(files[language]).sort());
    expect(namespaces[1]).toEqual(namespaces[0]);
    expect(namespaces[2]).toEqual(namespaces[0]);
  });

  it('has every key of every namespace in every language', () => {
    const allNamespaces = new Set(LANGUAGES.flatMap((language) => Object.keys(files[language])));
    const problems: string[] = [];
    for (const namespace of allNamespaces) {
      const tables = Object.fromEntries(LANGUAGES.map((language) => [language, files[language][namespace] ?? {}]));
      for (const missing of findMissingKeys(tables)) problems.push(`locales/${missing.language}/${namespace}.json: ${missing.key}`);
    }
    expect(problems).toEqual([]);
  });

  it('uses the same ICU placeholders in every language', () => {
    expect(findPlaceholderMismatches(MESSAGES)).toEqual([]);
  });

  it("loads, per language, the shell's namespaces first, then with the plugins' part the same merged table the files hold", async () => {
    const shellOnly = (language: Language) =>
      Object.assign({}, ...Object.entries(files[language]).filter(([namespace]) => SHELL_NAMESPACES.has(namespace)).map(([, table]) => table));
    for (const language of LANGUAGES) {
      await messageTables.load(language);
      expect(messageTables.tables()[language]).toEqual(shellOnly(language));
    }
    await messageTables.addPart(PLUGIN_MESSAGES_PART);
    for (const language of LANGUAGES) expect(messageTables.tables()[language]).toEqual(MESSAGES[language]);
  });

  it("puts every namespace that is not the shell's in the plugins' part, named after a plugin folder", () => {
    const plugins = new Set(readdirSync(join(root, 'plugins'), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name));
    const namespaces = new Set(LANGUAGES.flatMap((language) => Object.keys(files[language])));
    const neither = [...namespaces].filter((namespace) => !SHELL_NAMESPACES.has(namespace) && !plugins.has(namespace));
    // A namespace of the app or core must be listed in app/i18n/messageParts.ts, or the shell would paint raw ids
    // until the plugins start; a plugin's namespace must be named after its folder.
    expect(neither).toEqual([]);
    expect([...SHELL_NAMESPACES].filter((namespace) => plugins.has(namespace) || !namespaces.has(namespace))).toEqual([]);
  });

  it('defines every message id the shell uses', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(resolve(import.meta.dirname, '..'))) {
      for (const match of readFileSync(file, 'utf8').matchAll(/'(app\.[A-Za-z0-9.]+[A-Za-z0-9])'/g)) used.add(match[1]);
    }
    for (const section of ABOUT_SECTIONS) {
      used.add(`app.about.tab.${section}`);
      for (const id of paragraphIds(section)) used.add(id);
    }
    for (let index = 1; index <= FAQ_COUNT; index += 1) used.add(`app.about.faq.q${index}`).add(`app.about.faq.a${index}`);
    for (const video of VIDEOS) for (const part of ['title', 'duration', 'summary']) used.add(`app.about.videos.${video}.${part}`);
    for (const row of SYSTEM_REQUIREMENT_ROWS) used.add(`app.about.system.${row}.label`).add(`app.about.system.${row}.value`);
    for (const page of ['sdk']) {
      used.add(`app.page.${page}.title`).add(`app.page.${page}.description`);
    }
    for (const card of ['map', 'catalogue', 'api']) used.add(`app.landing.card.${card}.title`).add(`app.landing.card.${card}.text`);
    used.add('app.tools.navigation').add('app.tools.tools');
    const missing = [...used].filter((id) => !(id in MESSAGES['en-US'])).sort();
    expect(missing).toEqual([]);
  });
});
