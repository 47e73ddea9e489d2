/**
 * The API key request (SPEC §6: keys are "free on request by e-mail to the provider"): the form's fields,
 * their checks, and the e-mail the page prepares. The page sends nothing itself; the user sends the prepared
 * e-mail from their own mail program (the mailto: link) or pastes the copied text.
 */
import { z } from 'zod';
import { API_KEY_ENVIRONMENTS, apiKeyPeriodSchema, FIRST_KEY_PERIOD, type ApiKeyEnvironment } from '../../../core/contracts/download';

/*
 * The mailbox the e-mail goes to is the site's configured key-request address (app/content/siteContact.ts, README
 * "Site settings"); the page reads it, this module only composes the message and the link.
 */

/** The APIs a key can be asked for (the API pages of SPEC §2 and the download API). */
export const KEY_REQUEST_APIS = ['3d-map-tile', 'tile-source-download', 'routing', 'identify', 'annotation', 'download-api'] as const;
export type KeyRequestApi = (typeof KEY_REQUEST_APIS)[number];

export const NAME_MAX_LENGTH = 100;
export const ORGANISATION_MAX_LENGTH = 150;
export const INTENDED_USE_MIN_LENGTH = 20;
export const INTENDED_USE_MAX_LENGTH = 1000;

/** The form as typed (environment and period empty until chosen). */
export interface KeyRequest {
  name: string;
  organisation: string;
  email: string;
  environment: ApiKeyEnvironment | '';
  period: string;
  apis: KeyRequestApi[];
  intendedUse: string;
}
export type KeyRequestField = keyof KeyRequest;

/** Fields in the order the form shows them (the first invalid one gets the focus). */
export const KEY_REQUEST_FIELDS: readonly KeyRequestField[] = ['name', 'organisation', 'email', 'environment', 'period', 'apis', 'intendedUse'];

export const EMPTY_KEY_REQUEST: KeyRequest = { name: '', organisation: '', email: '', environment: '', period: '', apis: [], intendedUse: '' };

/** `2024Q3` for a date (local calendar). */
export function quarterOf(date: Date): string {
  return `${date.getFullYear()}Q${Math.floor(date.getMonth() / 3) + 1}`;
}

function nextQuarter(period: string): string {
  const year = Number(period.slice(0, 4));
  const quarter = Number(period.slice(5));
  return quarter === 4 ? `${year + 1}Q1` : `${year}Q${quarter + 1}`;
}

/** Key periods a request can name: every quarter from 2022Q4 (SPEC §6) to the quarter after `today`'s. */
export function keyPeriods(today: Date): string[] {
  const last = nextQuarter(quarterOf(today));
  const periods = [FIRST_KEY_PERIOD];
  while (periods[periods.length - 1] < last) periods.push(nextQuarter(periods[periods.length - 1]));
  return periods;
}

/** Message ids of the problems found, per field; empty when the request can be prepared. */
export type KeyRequestErrors = Partial<Record<KeyRequestField, string>>;

export function validateKeyRequest(request: KeyRequest, periods: readonly string[]): KeyRequestErrors {
  const errors: KeyRequestErrors = {};
  const name = request.name.trim();
  if (!name) errors.name = 'apiPages.apply.error.nameRequired';
  else if (name.length > NAME_MAX_LENGTH) errors.name = 'apiPages.apply.error.nameTooLong';
  const organisation = request.organisation.trim();
  if (!organisation) errors.organisation = 'apiPages.apply.error.organisationRequired';
  else if (organisation.length > ORGANISATION_MAX_LENGTH) errors.organisation = 'apiPages.apply.error.organisationTooLong';
  const email = request.email.trim();
  if (!email) errors.email = 'apiPages.apply.error.emailRequired';
  else if (!z.email().safeParse(email).success) errors.email = 'apiPages.apply.error.emailInvalid';
  if (!(API_KEY_ENVIRONMENTS as readonly string[]).includes(request.environment)) errors.environment = 'apiPages.apply.error.environmentRequired';
  if (!apiKeyPeriodSchema.safeParse(request.period).success || !periods.includes(request.period)) errors.period = 'apiPages.apply.error.periodRequired';
  if (request.apis.length === 0) errors.apis = 'apiPages.apply.error.apisRequired';
  const intendedUse = request.intendedUse.trim();
  if (intendedUse.length < INTENDED_USE_MIN_LENGTH) errors.intendedUse = 'apiPages.apply.error.useTooShort';
  else if (intendedUse.length > INTENDED_USE_MAX_LENGTH) errors.intendedUse = 'apiPages.apply.error.useTooLong';
  return errors;
}

type Format = (id: string, values?: Record<string, string | number>) => string;

/** The e-mail to the provider, in the page's language, with every field of a valid request. */
export function composeKeyRequestEmail(request: KeyRequest, format: Format): { subject: string; body: string } {
  const environment = format(`apiPages.apply.environment.${request.environment}`);
  const subject = format('apiPages.apply.mail.subject', { environment, period: request.period, organisation: request.organisation.trim() });
  const apis = KEY_REQUEST_APIS.filter((api) => request.apis.includes(api)).map((api) => format(`apiPages.nav.${api}`));
  const line = (field: KeyRequestField, value: string) => format('apiPages.apply.mail.line', { label: format(`apiPages.apply.field.${field}`), value });
  const body = [
    format('apiPages.apply.mail.greeting'),
    '',
    format('apiPages.apply.mail.request', { environment, period: request.period }),
    '',
    line('name', request.name.trim()),
    line('organisation', request.organisation.trim()),
    line('email', request.email.trim()),
    line('environment', environment),
    line('period', request.period),
    line('apis', apis.join(', ')),
    format('apiPages.apply.mail.heading', { label: format('apiPages.apply.field.intendedUse') }),
    request.intendedUse.trim(),
    '',
    format('apiPages.apply.mail.closing'),
    request.name.trim(),
  ].join('\n');
  return { subject, body };
}

/** A mailto: address with the subject and body percent-encoded; line breaks as CRLF (RFC 6068). */
export function mailtoLink(address: string, subject: string, body: string): string {
  return `mailto:${address}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body.replace(/\r?\n/g, '\r\n'))}`;
}
