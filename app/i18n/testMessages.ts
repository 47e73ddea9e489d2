/**
 * Test helpers (imported by tests only, never by the app). `MESSAGES`: every table at once, synchronously, for
 * tests that give IntlProvider a table themselves. `preloadMessages()`: fills the lazily loaded tables of
 * app/i18n/messages.ts (both parts), for tests that render AppShell (await it in beforeAll).
 */
import { loadMessages, type MessagesByLanguage } from '../../core/i18n';
import { LANGUAGES } from '../../core/plugin/types';
import { PLUGIN_MESSAGES_PART } from './messageParts';
import { messageTables } from './messages';

export const MESSAGES: MessagesByLanguage = loadMessages(import.meta.glob('../../locales/*/*.json', { eager: true }));

export async function preloadMessages(): Promise<void> {
  await Promise.all(LANGUAGES.map((language) => messageTables.load(language)));
  await messageTables.addPart(PLUGIN_MESSAGES_PART);
}
