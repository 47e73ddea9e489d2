/**
 * Stands in for `@formatjs/icu-messageformat-parser` in the production bundle (vite.config.ts aliases the package to
 * this module for `vite build` only): the messages of locales/ are parsed into ICU ASTs at build time
 * (./precompileMessages.ts), which react-intl formats as they are, so the browser needs no ICU parser (about
 * 10 kB gzip of the first paint, issue 13 point 6). formatjs documents pre-parsed messages for this purpose.
 *
 * Plain text (no ICU syntax) is left as a string by the build and still accepted here, as the one literal element
 * it parses to; a string with ICU syntax can only be one the build never saw, and throws, naming it (react-intl
 * then logs the error and shows the text unformatted).
 */
import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser/lib/types.js';

export * from '@formatjs/icu-messageformat-parser/lib/types.js';

/** Characters that can start ICU syntax: arguments, tags, quoting and the plural `#`. */
export const ICU_SYNTAX = /[{}<>'#]/;

export function parse(message: string): MessageFormatElement[] {
  if (!ICU_SYNTAX.test(message)) return [{ type: TYPE.literal, value: message }];
  throw new Error(`the message "${message}" has ICU syntax but was not precompiled (app/i18n/precompileMessages.ts)`);
}
