import type { z } from 'zod';

/**
 * OGC Web Services (OWS Common 1.1, OGC 06-121r3) exception reports: the error form GIS clients (GDAL, QGIS)
 * read from an OGC service. A contract with `errorFormat: 'ows'` answers bad requests with an
 * `ows:ExceptionReport` instead of the JSON error body; its schemas say which exception a problem is by adding
 * issues with {@link owsIssue}. Issues without an exception code count as `MissingParameterValue` when the
 * parameter is absent and `InvalidParameterValue` otherwise.
 */

/** The exception codes the services use, with the HTTP status OWS Common 1.1 (table 28) and WMTS 1.0.0 give each. */
export const OWS_EXCEPTION_STATUS = {
  MissingParameterValue: 400,
  InvalidParameterValue: 400,
  VersionNegotiationFailed: 400,
  TileOutOfRange: 400,
  OperationNotSupported: 501,
  NoApplicableCode: 500,
} as const;
export type OwsExceptionCode = keyof typeof OWS_EXCEPTION_STATUS;
export const OWS_EXCEPTION_CODES = Object.keys(OWS_EXCEPTION_STATUS) as OwsExceptionCode[];

/** Namespace of OWS 1.1, whose `ExceptionReport` WMTS 1.0.0 answers with. */
export const OWS_NAMESPACE = 'http://www.opengis.net/ows/1.1';

/** Adds an issue on `parameter` that the server reports as `exceptionCode` with the parameter as `locator`. */
export function owsIssue(
  context: z.core.$RefinementCtx,
  parameter: string,
  exceptionCode: OwsExceptionCode,
  message: string,
  input: unknown,
): void {
  context.addIssue({ code: 'custom', path: [parameter], input, message, params: { exceptionCode } });
}

/** The exception code a schema gave an issue, if it gave one. */
export function owsExceptionCodeOf(issue: z.core.$ZodIssue): OwsExceptionCode | undefined {
  const code = issue.code === 'custom' ? (issue.params as { exceptionCode?: unknown } | undefined)?.exceptionCode : undefined;
  return typeof code === 'string' && code in OWS_EXCEPTION_STATUS ? (code as OwsExceptionCode) : undefined;
}
