/**
 * The care team feature's message bundles (GET /mapviewer/api/domain/gm), read from data/careteam/messages.json
 * and checked once at start-up, so a bundle that would show a raw id or a broken placeholder in one language
 * stops the server instead of reaching a user: every locale must have the same ids, every text must be valid ICU,
 * and a message must use the same arguments in every locale.
 */
import { LANGUAGES, localeMessageBundlesSchema, type LocaleMessageBundles } from '../../core/contracts';
import { readDataJson } from './files';
import { icuArgumentNames } from './icuMessage';

export const CARE_TEAM_FILES = { messages: 'careteam/messages.json' } as const;

/** Checks bundles read from `source` (named in errors); returns them or throws an Error listing every problem. */
export function validateCareTeamMessages(bundles: unknown, source: string): LocaleMessageBundles {
  const parsed = localeMessageBundlesSchema.safeParse(bundles);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${source}: ${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`);
  }
  const problems: string[] = [];
  const allIds = [...new Set(LANGUAGES.flatMap((language) => Object.keys(parsed.data[language])))].sort();
  for (const id of allIds) {
    const argumentsByLanguage = new Map<string, string>();
    for (const language of LANGUAGES) {
      const text = parsed.data[language][id];
      if (text === undefined) {
        problems.push(`${language} has no message '${id}'`);
        continue;
      }
      try {
        argumentsByLanguage.set(language, icuArgumentNames(text).join(', '));
      } catch (error) {
        problems.push(`${language} '${id}' is not a valid ICU message: ${(error as Error).message}`);
      }
    }
    if (new Set(argumentsByLanguage.values()).size > 1) {
      const listed = [...argumentsByLanguage].map(([language, names]) => `${language} {${names}}`).join(', ');
      problems.push(`'${id}' uses different arguments per language: ${listed}`);
    }
  }
  if (problems.length > 0) throw new Error(`${source}: ${problems.join('; ')}`);
  return parsed.data;
}

export function loadCareTeamMessages(dataDir: string): LocaleMessageBundles {
  return validateCareTeamMessages(readDataJson<unknown>(dataDir, CARE_TEAM_FILES.messages), `data/${CARE_TEAM_FILES.messages}`);
}
