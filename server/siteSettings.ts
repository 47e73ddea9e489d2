/**
 * The site's public settings (core/contracts/siteConfig.ts): contact e-mail and telephone, and the API key
 * request mailbox. Read once at start-up from, in order of precedence:
 *
 * 1. the environment: `CONTACT_EMAIL`, `CONTACT_TELEPHONE` (empty: none published), `KEY_REQUEST_EMAIL`;
 * 2. the JSON settings file named by `SITE_SETTINGS_FILE`: `{ "contact": { "email", "telephone", "keyRequestEmail" } }`
 *    (any of them may be left out);
 * 3. the defaults, `DEFAULT_SITE_CONTACT`: the Contact Us address the site gives, no telephone.
 *
 * `keyRequestEmail` not set anywhere follows the contact e-mail. A bad value (not an e-mail address, an unreadable
 * or malformed file) is an error naming the setting: the server does not start with it.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { DEFAULT_SITE_CONTACT, siteContactSchema, telephoneSchema, type SiteContact } from '../core/contracts/siteConfig';

export interface SiteSettings {
  contact: SiteContact;
}

const settingsFileSchema = z.strictObject({
  contact: z
    .strictObject({
      email: z.email().optional(),
      keyRequestEmail: z.email().optional(),
      telephone: telephoneSchema.nullable().optional(),
    })
    .optional(),
});

export class SiteSettingsError extends Error {}

/** Reads the settings (see the file comment); `readFile` is for tests. */
export function readSiteSettings(
  env: Record<string, string | undefined> = process.env,
  readFile: (path: string) => string = (path) => readFileSync(path, 'utf8'),
): SiteSettings {
  let fromFile: z.infer<typeof settingsFileSchema>['contact'] = {};
  const file = env.SITE_SETTINGS_FILE?.trim();
  if (file) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFile(file));
    } catch (error) {
      throw new SiteSettingsError(`SITE_SETTINGS_FILE ${file} could not be read as JSON: ${error instanceof Error ? error.message : String(error)}`);
    }
    const checked = settingsFileSchema.safeParse(parsed);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      throw new SiteSettingsError(`SITE_SETTINGS_FILE ${file}: ${issue.path.join('.') || '(top level)'}: ${issue.message}`);
    }
    fromFile = checked.data.contact ?? {};
  }
  const fromEnv = (name: string): string | undefined => {
    const value = env[name];
    return value === undefined ? undefined : value.trim();
  };
  const email = fromEnv('CONTACT_EMAIL') || fromFile.email || DEFAULT_SITE_CONTACT.email;
  const telephoneEnv = fromEnv('CONTACT_TELEPHONE');
  const telephone = telephoneEnv !== undefined ? telephoneEnv || null : fromFile.telephone !== undefined ? fromFile.telephone : DEFAULT_SITE_CONTACT.telephone;
  const keyRequestEmail = fromEnv('KEY_REQUEST_EMAIL') || fromFile.keyRequestEmail || (email !== DEFAULT_SITE_CONTACT.email ? email : DEFAULT_SITE_CONTACT.keyRequestEmail);
  const contact = siteContactSchema.safeParse({ email, keyRequestEmail, telephone });
  if (!contact.success) {
    const issue = contact.error.issues[0];
    const setting = { email: 'CONTACT_EMAIL', keyRequestEmail: 'KEY_REQUEST_EMAIL', telephone: 'CONTACT_TELEPHONE' }[String(issue.path[0])] ?? String(issue.path[0]);
    throw new SiteSettingsError(`${setting}: ${issue.message}`);
  }
  return { contact: contact.data };
}
