/** Every namespace of zh-HK merged into one table: the chunk app/i18n/messages.ts loads for this language. */
import { loadMessages } from '../../../core/i18n';

export const messages = loadMessages(import.meta.glob('../../../locales/zh-HK/*.json', { eager: true, import: 'default' }))['zh-HK'];
