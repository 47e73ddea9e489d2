import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_SITE_CONTACT, siteConfigResponseSchema } from '../core/contracts/siteConfig';
import { readSiteSettings } from './siteSettings';
import { useTestServer } from './test/server';

const folder = mkdtempSync(join(tmpdir(), 'site-settings-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function settingsFile(content: unknown): string {
  const path = join(folder, `settings-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

describe('readSiteSettings', () => {
  it('defaults to the Contact Us address the site gives, with no telephone', () => {
    expect(readSiteSettings({})).toEqual({ contact: DEFAULT_SITE_CONTACT });
    expect(DEFAULT_SITE_CONTACT).toEqual({ email: '3dmap@landsd.gov.hk', keyRequestEmail: '3dmap@landsd.gov.hk', telephone: null });
  });

  it('reads the environment', () => {
    expect(readSiteSettings({ CONTACT_EMAIL: 'enquiry@landsd.gov.hk', CONTACT_TELEPHONE: '+852 2231 3444', KEY_REQUEST_EMAIL: 'apikey@landsd.gov.hk' }).contact).toEqual({
      email: 'enquiry@landsd.gov.hk',
      telephone: '+852 2231 3444',
      keyRequestEmail: 'apikey@landsd.gov.hk',
    });
    // The key mailbox follows a configured contact address when not set itself.
    expect(readSiteSettings({ CONTACT_EMAIL: 'enquiry@landsd.gov.hk' }).contact.keyRequestEmail).toBe('enquiry@landsd.gov.hk');
  });

  it('reads the settings file, the environment winning over it', () => {
    const file = settingsFile({ contact: { email: 'file@landsd.gov.hk', telephone: '2231 3444', keyRequestEmail: 'filekeys@landsd.gov.hk' } });
    expect(readSiteSettings({ SITE_SETTINGS_FILE: file }).contact).toEqual({ email: 'file@landsd.gov.hk', telephone: '2231 3444', keyRequestEmail: 'filekeys@landsd.gov.hk' });
    expect(readSiteSettings({ SITE_SETTINGS_FILE: file, CONTACT_EMAIL: 'env@landsd.gov.hk', CONTACT_TELEPHONE: '' }).contact).toEqual({
      email: 'env@landsd.gov.hk',
      telephone: null,
      keyRequestEmail: 'filekeys@landsd.gov.hk',
    });
  });

  it('refuses bad values, naming the setting', () => {
    expect(() => readSiteSettings({ CONTACT_EMAIL: 'not an address' })).toThrow(/CONTACT_EMAIL/);
    expect(() => readSiteSettings({ CONTACT_TELEPHONE: 'call us' })).toThrow(/CONTACT_TELEPHONE/);
    expect(() => readSiteSettings({ SITE_SETTINGS_FILE: settingsFile('{ nope') })).toThrow(/SITE_SETTINGS_FILE .* JSON/);
    expect(() => readSiteSettings({ SITE_SETTINGS_FILE: settingsFile({ contact: { email: 'x' } }) })).toThrow(/contact\.email/);
    expect(() => readSiteSettings({ SITE_SETTINGS_FILE: join(folder, 'missing.json') })).toThrow(/SITE_SETTINGS_FILE/);
  });
});

describe('the configured contact is served', () => {
  const contact = { email: 'enquiry@landsd.gov.hk', keyRequestEmail: 'apikey@landsd.gov.hk', telephone: '+852 2231 3444' };
  const app = useTestServer({ siteSettings: { contact } });

  it('GET /mapviewer/api/config answers the settings', async () => {
    const response = await app().inject({ method: 'GET', url: '/mapviewer/api/config' });
    expect(response.statusCode).toBe(200);
    expect(siteConfigResponseSchema.parse(response.json())).toEqual({ contact });
  });

  it('every catalogue record carries it, in JSON and ISO 19139', async () => {
    const record = (await app().inject({ method: 'GET', url: '/mapviewer/api/catalogue/temperature' })).json();
    expect(record.contact).toMatchObject({ email: contact.email, telephone: contact.telephone });
    const xml = (await app().inject({ method: 'GET', url: '/mapviewer/api/catalogue/temperature/iso19139.xml' })).body;
    expect(xml).toContain(`<gco:CharacterString>${contact.email}</gco:CharacterString>`);
    expect(xml).toContain(`<gco:CharacterString>${contact.telephone}</gco:CharacterString>`);
  });
});
