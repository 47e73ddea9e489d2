/**
 * The map's sun light and shadows (issue 16, the shadow view; any tool that lights the scene for a time): our own
 * sun (core/contracts/sun.ts, the NOAA equations) as the scene's directional light, fixed or following the scene
 * clock, and shadows cast and received by the terrain and the 3D Tiles. {@link createMapLighting} is plain code
 * over a {@link LightingBackend} (Cesium's scene in {@link cesiumLightingBackend}); {@link createDeferredMapLighting}
 * is what plugins get before the map exists: it keeps what they asked for and hands it to each map attached.
 */
import type { Viewer } from 'cesium';
import { sunDirectionEarthFixed } from '../contracts/sun';
import type { Disposer, EarthFixedDirection, MapLighting, SceneClock, SunSetting } from '../plugin/types';

type CesiumModule = typeof import('cesium');

/** What the lighting drives: a Cesium scene, or a fake in tests. */
export interface LightingBackend {
  /** Whether the scene can draw shadows (WebGL depth textures). */
  shadowsSupported(): boolean;
  /** Lights the scene from `towardSun` (unit vector, Earth-fixed), or with the engine's own sun (null). */
  setLight(towardSun: EarthFixedDirection | null): void;
  /** Shadows of terrain and 3D Tiles on, or everything as it was before they were turned on (off). */
  setShadows(on: boolean): void;
}

/** The clock the lighting follows in `'clock'` mode: the scene clock's time and ticks. */
export type LightingClock = Pick<SceneClock, 'now' | 'onTick'>;

function checkedSun(sun: SunSetting): SunSetting {
  if (sun === null || sun === 'clock') return sun;
  const { x, y, z } = sun ?? ({} as EarthFixedDirection);
  const length = Math.hypot(x, y, z);
  if (![x, y, z].every(Number.isFinite) || length === 0) {
    throw new RangeError(`map lighting: setSun needs 'clock', null or a non-zero Earth-fixed {x, y, z}, got ${JSON.stringify(sun)}`);
  }
  return { x: x / length, y: y / length, z: z / length };
}

/** The lighting of one map over its backend and scene clock. */
export function createMapLighting(backend: LightingBackend, clock: LightingClock): MapLighting & { dispose(): void } {
  let sun: SunSetting = null;
  let shadows = false;
  let stopFollowing: Disposer | null = null;
  const follow = (on: boolean) => {
    stopFollowing?.();
    stopFollowing = null;
    if (!on) return;
    backend.setLight(sunDirectionEarthFixed(clock.now()));
    stopFollowing = clock.onTick((time) => backend.setLight(sunDirectionEarthFixed(time)));
  };
  return {
    setSun(next) {
      sun = checkedSun(next);
      if (sun === 'clock') follow(true);
      else {
        follow(false);
        backend.setLight(sun);
      }
    },
    sun: () => sun,
    setShadows(on) {
      const next = on && backend.shadowsSupported();
      if (next !== shadows) backend.setShadows(next);
      shadows = next;
      return shadows;
    },
    shadowsOn: () => shadows,
    shadowsSupported: () => backend.shadowsSupported(),
    dispose() {
      follow(false);
      if (shadows) backend.setShadows(false);
      if (sun !== null) backend.setLight(null);
      shadows = false;
      sun = null;
    },
  };
}

/** The lighting plugins get from a deferred facade: one object, whatever map is (or is not yet) attached. */
export interface DeferredMapLighting extends MapLighting {
  /** Hands the kept sun and shadows to `lighting` and follows it; null detaches (keeping what was asked for). */
  attach(lighting: MapLighting | null): void;
}

export function createDeferredMapLighting(): DeferredMapLighting {
  let live: MapLighting | null = null;
  let sun: SunSetting = null;
  let shadowsWanted = false;
  return {
    attach(lighting) {
      live = lighting;
      if (!lighting) return;
      // Only what was asked for is handed over: a fresh map already has the engine's light and no shadows.
      if (sun !== null) lighting.setSun(sun);
      if (shadowsWanted) lighting.setShadows(true);
    },
    setSun(next) {
      sun = checkedSun(next);
      live?.setSun(sun);
    },
    sun: () => sun,
    setShadows(on) {
      shadowsWanted = on;
      // Before a map exists nothing is drawn: report off until one draws them.
      return live ? live.setShadows(on) : false;
    },
    shadowsOn: () => live?.shadowsOn() ?? false,
    shadowsSupported: () => (live ? live.shadowsSupported() : null),
  };
}

/**
 * Shadow map settings for a city seen from street level to a few kilometres up: soft edges, shadows drawn to
 * 5 km from the camera (a district; beyond, the shadow map's texels get too coarse to show a tower's shadow),
 * a 2048² map (texels), and `darkness` 0.4: the least light a shaded place keeps, as a fraction (shaded streets
 * stay readable; Cesium's default is 0.3). `modelNormalOffsetScale` and `modelDepthBias` are the bias of the shadow
 * map's test on 3D Tiles and models (Cesium's private `_primitiveBias`, defaults 0.1 and 0.00002): at those defaults
 * the flat, tall walls of the building tiles shadowed themselves in stripes ("shadow acne", seen at street level
 * over Central); a normal offset of 1 and a depth bias of 0.0002 remove the stripes and keep the towers' cast
 * shadows on one another and on the ground.
 */
export const CITY_SHADOWS = Object.freeze({
  softShadows: true,
  maximumDistanceMetres: 5_000,
  size: 2048,
  darkness: 0.4,
  modelNormalOffsetScale: 1,
  modelDepthBias: 0.0002,
});

/** The part of Cesium's ShadowMap that has no public setter: the bias of the test on 3D Tiles and models. */
interface ShadowMapModelBias {
  _primitiveBias: { normalOffsetScale: number; depthBias: number };
}

/** Cesium's scene as a {@link LightingBackend}: a DirectionalLight we aim, the shadow map, globe and 3D Tiles shadow modes. */
export function cesiumLightingBackend(Cesium: CesiumModule, viewer: Viewer): LightingBackend {
  const { scene } = viewer;
  const engineLight = scene.light;
  const ourLight = new Cesium.DirectionalLight({ direction: new Cesium.Cartesian3(0, 0, -1), intensity: engineLight.intensity });
  let saved: { enabled: boolean; softShadows: boolean; maximumDistance: number; darkness: number; size: number; modelBias: ShadowMapModelBias['_primitiveBias']; globe: number; tilesets: Map<object, number> } | null = null;
  const tilesets = () => {
    const found: Array<{ shadows: number }> = [];
    for (let index = 0; index < scene.primitives.length; index += 1) {
      const primitive = scene.primitives.get(index);
      if (primitive instanceof Cesium.Cesium3DTileset) found.push(primitive as unknown as { shadows: number });
    }
    return found;
  };
  return {
    // `context` is not in Cesium's public typings; depthTexture is what its shadow maps need.
    shadowsSupported: () => Boolean((scene as unknown as { context?: { depthTexture?: boolean } }).context?.depthTexture),
    setLight(towardSun) {
      if (!towardSun) scene.light = engineLight;
      else {
        // A directional light's direction is the way its light travels: from the sun, so the opposite of toward it.
        ourLight.direction = Cesium.Cartesian3.normalize(new Cesium.Cartesian3(-towardSun.x, -towardSun.y, -towardSun.z), new Cesium.Cartesian3());
        scene.light = ourLight;
      }
      scene.requestRender();
    },
    setShadows(on) {
      const shadowMap = scene.shadowMap;
      if (on) {
        saved ??= {
          enabled: shadowMap.enabled,
          softShadows: shadowMap.softShadows,
          maximumDistance: shadowMap.maximumDistance,
          darkness: shadowMap.darkness,
          size: shadowMap.size,
          modelBias: { ...(shadowMap as unknown as ShadowMapModelBias)._primitiveBias },
          globe: scene.globe.shadows,
          tilesets: new Map(tilesets().map((tileset) => [tileset, tileset.shadows])),
        };
        shadowMap.softShadows = CITY_SHADOWS.softShadows;
        shadowMap.maximumDistance = CITY_SHADOWS.maximumDistanceMetres;
        shadowMap.size = CITY_SHADOWS.size;
        shadowMap.darkness = CITY_SHADOWS.darkness;
        const modelBias = (shadowMap as unknown as ShadowMapModelBias)._primitiveBias;
        modelBias.normalOffsetScale = CITY_SHADOWS.modelNormalOffsetScale;
        modelBias.depthBias = CITY_SHADOWS.modelDepthBias;
        scene.globe.shadows = Cesium.ShadowMode.ENABLED;
        for (const tileset of tilesets()) tileset.shadows = Cesium.ShadowMode.ENABLED;
        shadowMap.enabled = true;
      } else if (saved) {
        shadowMap.enabled = saved.enabled;
        shadowMap.softShadows = saved.softShadows;
        shadowMap.maximumDistance = saved.maximumDistance;
        shadowMap.darkness = saved.darkness;
        shadowMap.size = saved.size;
        Object.assign((shadowMap as unknown as ShadowMapModelBias)._primitiveBias, saved.modelBias);
        scene.globe.shadows = saved.globe;
        for (const [tileset, mode] of saved.tilesets) (tileset as { shadows: number }).shadows = mode;
        saved = null;
      }
      scene.requestRender();
    },
  };
}
