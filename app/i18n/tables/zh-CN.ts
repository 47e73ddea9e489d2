/** Every namespace of zh-CN merged into one table: the chunk app/i18n/messages.ts loads for this language. */
import { loadMessages } from '../../../core/i18n';

export const messages = loadMessages(import.meta.glob('../../../locales/zh-CN/*.json', { eager: true, import: 'default' }))['zh-CN'];
