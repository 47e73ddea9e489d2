/**
 * What "try it out" shows of an answer: status, the two headers that say what came back, and the body as
 * pretty JSON, text, an image or a downloadable binary (a zip), decided by the content type.
 */

/** Text longer than this is cut, with "show all" (a GeoJSON feed can be megabytes). */
export const TEXT_PREVIEW_CHARS = 4000;

export type ResponseBody =
  | { kind: 'empty' }
  | { kind: 'json'; text: string }
  | { kind: 'text'; text: string }
  | { kind: 'image'; blob: Blob }
  | { kind: 'binary'; blob: Blob; fileName: string };

export interface ExecutedResponse {
  status: number;
  statusText: string;
  ok: boolean;
  contentType: string | null;
  contentLength: string | null;
  body: ResponseBody;
  /** The `message` of a JSON error body ({error, field?, message}), for answers that are not 2xx. */
  errorMessage?: string;
}

function isJson(contentType: string): boolean {
  return /^application\/([\w.+-]+\+)?json\b/i.test(contentType);
}

function isText(contentType: string): boolean {
  return /^text\//i.test(contentType) || /^application\/([\w.+-]+\+)?xml\b/i.test(contentType);
}

/** The file name of a download: Content-Disposition's, else the last segment of the request path. */
export function downloadFileName(contentDisposition: string | null, requestUrl: string): string {
  const quoted = contentDisposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i)?.[1];
  if (quoted) {
    try {
      return decodeURIComponent(quoted);
    } catch {
      return quoted;
    }
  }
  const segment = requestUrl.split('?')[0].split('/').pop();
  return segment ? decodeURIComponent(segment) : 'download';
}

/** Reads the whole answer into what the explorer shows. */
export async function readResponse(response: Response, requestUrl: string): Promise<ExecutedResponse> {
  const contentType = response.headers.get('content-type');
  const head = {
    status: response.status,
    statusText: response.statusText,
    ok: response.ok,
    contentType,
    contentLength: response.headers.get('content-length'),
  };
  if (response.status === 204 || response.status === 304) return { ...head, body: { kind: 'empty' } };
  const type = contentType ?? '';
  if (isJson(type)) {
    const text = await response.text();
    try {
      const parsed: unknown = JSON.parse(text);
      const errorMessage =
        !response.ok && typeof parsed === 'object' && parsed !== null && typeof (parsed as { message?: unknown }).message === 'string'
          ? (parsed as { message: string }).message
          : undefined;
      return { ...head, body: { kind: 'json', text: JSON.stringify(parsed, null, 2) }, ...(errorMessage ? { errorMessage } : {}) };
    } catch {
      return { ...head, body: text === '' ? { kind: 'empty' } : { kind: 'text', text } };
    }
  }
  if (isText(type)) {
    const text = await response.text();
    return { ...head, body: text === '' ? { kind: 'empty' } : { kind: 'text', text } };
  }
  const blob = await response.blob();
  if (blob.size === 0) return { ...head, body: { kind: 'empty' } };
  if (/^image\//i.test(type)) return { ...head, body: { kind: 'image', blob } };
  return { ...head, body: { kind: 'binary', blob, fileName: downloadFileName(response.headers.get('content-disposition'), requestUrl) } };
}
