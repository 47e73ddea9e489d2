/**
 * 3DTILES overlays: a Cesium3DTileset loaded from the manifest URL the first time the overlay is shown, shown
 * and hidden with it, and tagged with the overlay id for picking (core/map/pickTags). A tileset that cannot load,
 * or a tile that fails, counts as a failed fetch.
 *
 * Appearance: the overlay handler's `tilesetAppearance` (a style and/or custom shader per mode) when the manifest
 * names a handler that has one; otherwise, in textureless mode, `display.texturelessColour` paints the whole
 * tileset in that colour. The manifest's `tileset` options give the screen-space error (a coarser one while the
 * map is light) and whether the tileset hides on the flat ellipsoid terrain; both are checked before every frame,
 * so a light-mode or terrain switch made anywhere applies on the next frame.
 */
import type { Cesium3DTileset, CustomShader } from 'cesium';
import { tilesetDisplaySchema, type OverlayManifest } from '../../manifests/schemas';
import { setPickLayerId } from '../../map/pickTags';
import type { TerrainKind } from '../../map/terrains';
import type { TilesetAppearance } from '../../plugin/types';
import { parseManifestColour } from '../shapeDrawer';
import { FeaturelessSource } from './featurelessSource';

/**
 * The Cesium3DTileStyle colour expression for a mode, or null when the tileset keeps its own colours (textured
 * mode, or no `texturelessColour`).
 */
export function texturelessColourExpression(manifest: OverlayManifest, textured: boolean): string | null {
  const colour = manifest.display?.texturelessColour;
  if (textured || !colour) return null;
  const { rgb, alpha } = parseManifestColour(colour);
  return `color('rgba(${rgb[0]}, ${rgb[1]}, ${rgb[2]}, ${alpha ?? 1})')`;
}

/** The manifest's tileset options with the schema's defaults. */
export function tilesetOptions(manifest: OverlayManifest) {
  return manifest.tileset ?? tilesetDisplaySchema.parse({});
}

/** Cesium's maximum screen-space error for the tileset, pixels, in light or full rendering. */
export function tilesetScreenSpaceError(manifest: OverlayManifest, lite: boolean): number {
  const options = tilesetOptions(manifest);
  return lite ? options.liteMaximumScreenSpaceError : options.maximumScreenSpaceError;
}

/** Whether the tileset is hidden under a terrain kind (`onEllipsoidTerrain: hide` on the flat ellipsoid). */
export function hiddenOnTerrain(manifest: OverlayManifest, terrainKind: TerrainKind | null): boolean {
  return terrainKind === 'ellipsoid' && tilesetOptions(manifest).onEllipsoidTerrain === 'hide';
}

export class TilesetSource extends FeaturelessSource {
  private tileset: Cesium3DTileset | null = null;
  private loading = false;
  private shown = false;
  private disposed = false;
  /** The terrain hides the tileset (see {@link hiddenOnTerrain}); the notice is given once per switch. */
  private terrainHides = false;
  private readonly removers: Array<() => void> = [];

  setActive(shown: boolean): void {
    this.shown = shown;
    if (this.tileset) this.applyVisibility();
    else if (shown) void this.load();
    if (shown && this.hasDrawn) this.context.drawn();
    this.context.requestRender();
  }

  setTextured(textured: boolean): void {
    if (this.tileset) this.applyAppearance(textured);
  }

  redraw(): void {
    if (this.shown && !this.tileset) void this.load();
  }

  dispose(): void {
    this.disposed = true;
    for (const remove of this.removers.splice(0)) remove();
    const viewer = this.context.viewer();
    if (this.tileset && viewer && !viewer.isDestroyed()) viewer.scene.primitives.remove(this.tileset);
    this.tileset = null;
  }

  private applyVisibility(): void {
    if (!this.tileset) return;
    this.tileset.show = this.shown && !this.terrainHides;
  }

  /** Before every frame: the light mode's screen-space error and the terrain's visibility rule. */
  private beforeFrame(): void {
    const tileset = this.tileset;
    if (!tileset) return;
    const manifest = this.context.manifest;
    const error = tilesetScreenSpaceError(manifest, this.context.lite());
    if (tileset.maximumScreenSpaceError !== error) tileset.maximumScreenSpaceError = error;
    const hides = hiddenOnTerrain(manifest, this.context.terrainKind());
    if (hides !== this.terrainHides) {
      this.terrainHides = hides;
      this.applyVisibility();
      if (hides && this.shown) this.context.hiddenByTerrain();
    }
  }

  private applyAppearance(textured: boolean): void {
    const Cesium = this.context.cesium();
    const tileset = this.tileset;
    if (!Cesium || !tileset) return;
    const fromHandler: TilesetAppearance | null = this.context.tilesetAppearance(textured);
    if (fromHandler) {
      tileset.style = fromHandler.style as Cesium3DTileset['style'];
      tileset.customShader = fromHandler.customShader as CustomShader | undefined;
    } else {
      const expression = texturelessColourExpression(this.context.manifest, textured);
      tileset.style = expression ? new Cesium.Cesium3DTileStyle({ color: expression }) : undefined;
    }
    this.context.requestRender();
  }

  private async load(): Promise<void> {
    const Cesium = this.context.cesium();
    const viewer = this.context.viewer();
    if (!Cesium || !viewer || this.loading || this.hasFailed) return;
    this.loading = true;
    try {
      const tileset = await Cesium.Cesium3DTileset.fromUrl(this.context.resolveUrl(), {
        maximumScreenSpaceError: tilesetScreenSpaceError(this.context.manifest, this.context.lite()),
      });
      if (this.disposed || viewer.isDestroyed()) {
        tileset.destroy();
        return;
      }
      setPickLayerId(tileset, this.context.manifest.id);
      this.tileset = viewer.scene.primitives.add(tileset);
      this.removers.push(tileset.tileFailed.addEventListener((error: unknown) => this.fail(error)));
      this.removers.push(viewer.scene.preUpdate.addEventListener(() => this.beforeFrame()));
      this.terrainHides = hiddenOnTerrain(this.context.manifest, this.context.terrainKind());
      this.applyVisibility();
      this.applyAppearance(this.context.textured());
      this.hasDrawn = true;
      if (this.shown) {
        this.context.drawn();
        if (this.terrainHides) this.context.hiddenByTerrain();
      }
    } catch (error) {
      if (!this.disposed) this.fail(error);
    } finally {
      this.loading = false;
    }
  }
}
