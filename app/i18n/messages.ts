/**
 * Every message bundle under locales/<lang>/<namespace>.json (core, app and plugins), bundled eagerly
 * (they are small) and merged per language by core/i18n.
 */
import { loadMessages, type MessagesByLanguage } from '../../core/i18n';

const bundles = import.meta.glob('../../locales/*/*.json', { eager: true });

/** The merged tables of the bundled locales. */
export const MESSAGES: MessagesByLanguage = loadMessages(bundles);
