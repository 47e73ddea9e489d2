/** Every namespace of en-US merged into one table: the chunk app/i18n/messages.ts loads for this language. */
import { loadMessages } from '../../../core/i18n';

export const messages = loadMessages(import.meta.glob('../../../locales/en-US/*.json', { eager: true, import: 'default' }))['en-US'];
