import { describe, expect, it } from 'vitest';
import { composeKeyRequestEmail, EMPTY_KEY_REQUEST, keyPeriods, mailtoLink, quarterOf, validateKeyRequest, type KeyRequest } from './keyRequest';

const PERIODS = keyPeriods(new Date(2024, 4, 15));
const VALID: KeyRequest = {
  name: 'Chan Tai Man',
  organisation: 'Example Surveying Ltd',
  email: 'tm.chan@example.com',
  environment: 'test',
  period: '2024Q2',
  apis: ['download-api', '3d-map-tile'],
  intendedUse: 'A site-planning tool that loads 1:1000 sheets around our projects.',
};

describe('key periods', () => {
  it('run from 2022Q4 to the quarter after today', () => {
    expect(quarterOf(new Date(2024, 4, 15))).toBe('2024Q2');
    expect(PERIODS[0]).toBe('2022Q4');
    expect(PERIODS.at(-1)).toBe('2024Q3');
    expect(PERIODS).toHaveLength(8);
    expect(keyPeriods(new Date(2024, 11, 31)).at(-1)).toBe('2025Q1');
  });
});

describe('validateKeyRequest', () => {
  it('accepts a complete request', () => {
    expect(validateKeyRequest(VALID, PERIODS)).toEqual({});
  });

  it('names every missing field', () => {
    expect(validateKeyRequest(EMPTY_KEY_REQUEST, PERIODS)).toEqual({
      name: 'apiPages.apply.error.nameRequired',
      organisation: 'apiPages.apply.error.organisationRequired',
      email: 'apiPages.apply.error.emailRequired',
      environment: 'apiPages.apply.error.environmentRequired',
      period: 'apiPages.apply.error.periodRequired',
      apis: 'apiPages.apply.error.apisRequired',
      intendedUse: 'apiPages.apply.error.useTooShort',
    });
  });

  it('refuses a malformed e-mail, a period outside the list, whitespace-only and over-long texts', () => {
    expect(validateKeyRequest({ ...VALID, email: 'tm.chan@' }, PERIODS)).toEqual({ email: 'apiPages.apply.error.emailInvalid' });
    expect(validateKeyRequest({ ...VALID, period: '2022Q3' }, PERIODS)).toEqual({ period: 'apiPages.apply.error.periodRequired' });
    expect(validateKeyRequest({ ...VALID, period: '2030Q1' }, PERIODS)).toEqual({ period: 'apiPages.apply.error.periodRequired' });
    expect(validateKeyRequest({ ...VALID, name: '   ' }, PERIODS)).toEqual({ name: 'apiPages.apply.error.nameRequired' });
    expect(validateKeyRequest({ ...VALID, name: 'x'.repeat(101) }, PERIODS)).toEqual({ name: 'apiPages.apply.error.nameTooLong' });
    expect(validateKeyRequest({ ...VALID, intendedUse: 'x'.repeat(1001) }, PERIODS)).toEqual({ intendedUse: 'apiPages.apply.error.useTooLong' });
  });
});

describe('the prepared e-mail', () => {
  const format = (id: string, values?: Record<string, string | number>) => (values ? `${id}${JSON.stringify(values)}` : id);

  it('carries every field, the APIs in page order', () => {
    const { subject, body } = composeKeyRequestEmail(VALID, format);
    expect(subject).toBe('apiPages.apply.mail.subject{"environment":"apiPages.apply.environment.test","period":"2024Q2","organisation":"Example Surveying Ltd"}');
    expect(body).toContain('apiPages.apply.mail.line{"label":"apiPages.apply.field.email","value":"tm.chan@example.com"}');
    expect(body).toContain('apiPages.apply.mail.line{"label":"apiPages.apply.field.apis","value":"apiPages.nav.3d-map-tile, apiPages.nav.download-api"}');
    expect(body).toContain('A site-planning tool that loads 1:1000 sheets around our projects.');
  });

  it('encodes subject and body in the mailto: address, with CRLF line breaks', () => {
    const link = mailtoLink('3dmap@landsd.gov.hk', 'API key request: test & more', '第一行\n& ?=#');
    expect(link).toBe(`mailto:3dmap@landsd.gov.hk?subject=API%20key%20request%3A%20test%20%26%20more&body=%E7%AC%AC%E4%B8%80%E8%A1%8C%0D%0A%26%20%3F%3D%23`);
    const parsed = new URL(link);
    expect(decodeURIComponent(parsed.search.split('&body=')[1])).toBe('第一行\r\n& ?=#');
  });
});
