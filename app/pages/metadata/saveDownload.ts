/**
 * Downloads a file through fetch → Blob → object URL → a temporary `<a download>`, instead of navigating to the
 * link, so the page learns whether the download worked (SPEC §8 'Download 3D indoor map data successfully' /
 * 'Fail to download 3D indoor map data' / '3D indoor map data is not available'). The body is held in memory
 * once, which suits the indoor files (one venue's GeoJSON or zipped Shapefile, well under a few MB); the
 * tile-grid packages (up to GBs) are plain links instead.
 */

export type SaveResult = 'saved' | 'not-found' | 'failed';

/** How long the object URL outlives the click: the browser reads it when the download starts, not at once. */
const OBJECT_URL_LIFETIME_MS = 60_000;

/** The file name of a Content-Disposition header: `filename*` (RFC 5987, UTF-8) first, then `filename`. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // a malformed escape: fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name ? name : null;
}

/**
 * Fetches `url` and hands the body to the browser as a download named by the answer's Content-Disposition
 * (else `fallbackName`). 404 is `not-found`; any other failure, including an empty body, is `failed`.
 */
export async function saveDownload(url: string, fallbackName: string, signal?: AbortSignal): Promise<SaveResult> {
  let response: Response;
  let blob: Blob;
  try {
    response = await fetch(url, { signal });
    if (response.status === 404) return 'not-found';
    if (!response.ok) return 'failed';
    blob = await response.blob();
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') throw error;
    return 'failed';
  }
  if (blob.size === 0) return 'failed';
  const objectUrl = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = objectUrl;
  anchor.download = fileNameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName;
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), OBJECT_URL_LIFETIME_MS);
  return 'saved';
}
