/**
 * The open panorama's depth map for measuring: fetched as bytes (the server may send it gzip-compressed with
 * Content-Encoding, which fetch undoes), decoded in the pinned format (core/contracts/equirectangular.ts) at the
 * size the panorama's summary gives, and kept for the last few panoramas so stepping back and forth along a street
 * does not fetch again (a 1024 × 512 map is 2 MB decoded).
 */
import { type DepthMap, decodeDepthMap } from '../../../core/contracts/equirectangular';
import type { PanoramaSummary } from '../../../core/contracts/panoramas';

/** Depth maps kept, most recently asked for last. */
const KEPT_DEPTH_MAPS = 4;

/** Why a depth map could not be had: the request failed (`detail`: the HTTP status or the network error), or the file's size is not the summary's. */
export class DepthMapError extends Error {
  constructor(
    readonly kind: 'unavailable' | 'wrongSize',
    readonly detail: string,
  ) {
    super(`depth map ${kind}: ${detail}`);
    this.name = 'DepthMapError';
  }
}

export interface DepthMapLoader {
  /** The panorama's decoded depth map; null when it has none. Rejects with a {@link DepthMapError}. */
  load(panorama: PanoramaSummary): Promise<DepthMap | null>;
}

export function createDepthMapLoader(fetchBytes: typeof fetch = (input, init) => fetch(input, init)): DepthMapLoader {
  const kept = new Map<string, Promise<DepthMap>>();

  async function fetchDepth(depth: NonNullable<PanoramaSummary['depth']>): Promise<DepthMap> {
    let response: Response;
    try {
      response = await fetchBytes(depth.url);
    } catch (error) {
      throw new DepthMapError('unavailable', error instanceof Error ? error.message : String(error));
    }
    if (!response.ok) throw new DepthMapError('unavailable', `HTTP ${response.status}`);
    const bytes = await response.arrayBuffer();
    try {
      return decodeDepthMap(bytes, depth.width, depth.height);
    } catch (error) {
      throw new DepthMapError('wrongSize', error instanceof Error ? error.message : String(error));
    }
  }

  return {
    load(panorama) {
      const depth = panorama.depth;
      if (!depth) return Promise.resolve(null);
      const key = `${panorama.id} ${depth.url}`;
      let loading = kept.get(key);
      if (loading) {
        kept.delete(key);
      } else {
        loading = fetchDepth(depth);
        // A failed fetch is not kept: the next panorama change (or coming back) tries again.
        loading.catch(() => {
          if (kept.get(key) === loading) kept.delete(key);
        });
      }
      kept.set(key, loading);
      while (kept.size > KEPT_DEPTH_MAPS) kept.delete(kept.keys().next().value!);
      return loading;
    },
  };
}
