/**
 * OWS 1.1 exception reports (OGC 06-121r3 §8), the error answer of the WMTS (core/contracts/ows.ts): the
 * exception code, the parameter at fault as `locator`, a sentence saying what is wrong, and the HTTP status OWS
 * Common gives the code.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { OWS_EXCEPTION_STATUS, OWS_NAMESPACE, owsExceptionCodeOf, type OwsExceptionCode } from '../../core/contracts/ows';

export interface OwsException {
  code: OwsExceptionCode;
  locator?: string;
  text: string;
  /** Default: the status of the code. */
  status?: number;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text or attribute value as XML; characters XML 1.0 cannot carry at all (most C0 controls) are dropped. */
export function xmlText(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);
}

export function exceptionReportXml(exception: OwsException): string {
  const locator = exception.locator ? ` locator="${xmlText(exception.locator)}"` : '';
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<ows:ExceptionReport xmlns:ows="${OWS_NAMESPACE}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ` +
    `xsi:schemaLocation="${OWS_NAMESPACE} http://schemas.opengis.net/ows/1.1.0/owsExceptionReport.xsd" version="1.0.0" xml:lang="en">\n` +
    `  <ows:Exception exceptionCode="${exception.code}"${locator}>\n` +
    `    <ows:ExceptionText>${xmlText(exception.text)}</ows:ExceptionText>\n` +
    '  </ows:Exception>\n' +
    '</ows:ExceptionReport>\n'
  );
}

/**
 * The exception for a schema's first issue: the code the schema gave it, else InvalidParameterValue (a declared
 * parameter of the wrong form, or an unknown one where the call takes no other). The locator is the parameter.
 */
export function owsExceptionOfIssue(issue: z.core.$ZodIssue): OwsException {
  const locator = issue.code === 'unrecognized_keys' ? (issue as { keys: string[] }).keys[0] : issue.path.map(String).join('.') || undefined;
  const code = owsExceptionCodeOf(issue) ?? 'InvalidParameterValue';
  const text = issue.code === 'unrecognized_keys' ? `Unknown parameter '${locator}'` : locator && !issue.message.includes(locator) ? `${locator} ${issue.message}` : issue.message;
  return { code, locator, text };
}

export function sendExceptionReport(reply: FastifyReply, exception: OwsException): FastifyReply {
  return reply
    .status(exception.status ?? OWS_EXCEPTION_STATUS[exception.code])
    .type('application/xml; charset=utf-8')
    .send(exceptionReportXml(exception));
}

/** `onInvalidQuery` of an OGC call (server/http/endpoint.ts): the exception report instead of the JSON 400. */
export function answerWithExceptionReport(issue: z.core.$ZodIssue, _request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendExceptionReport(reply, owsExceptionOfIssue(issue));
}
