/**
 * 3DTILES overlays: a Cesium3DTileset loaded from the manifest URL the first time the overlay is shown, shown
 * and hidden with it. A tileset that cannot load, or a tile that fails, counts as a failed fetch. In textureless
 * mode a manifest `display.texturelessColour` paints the whole tileset in that colour (a Cesium3DTileStyle).
 */
import type { Cesium3DTileset } from 'cesium';
import type { OverlayManifest } from '../../manifests/schemas';
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

export class TilesetSource extends FeaturelessSource {
  private tileset: Cesium3DTileset | null = null;
  private loading = false;
  private shown = false;
  private disposed = false;
  private readonly removers: Array<() => void> = [];

  setActive(shown: boolean): void {
    this.shown = shown;
    if (this.tileset) this.tileset.show = shown;
    else if (shown) void this.load();
    if (shown && this.hasDrawn) this.context.drawn();
    this.context.requestRender();
  }

  setTextured(textured: boolean): void {
    if (this.tileset) this.applyStyle(textured);
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

  private applyStyle(textured: boolean): void {
    const Cesium = this.context.cesium();
    if (!Cesium || !this.tileset) return;
    const expression = texturelessColourExpression(this.context.manifest, textured);
    this.tileset.style = expression ? new Cesium.Cesium3DTileStyle({ color: expression }) : undefined;
    this.context.requestRender();
  }

  private async load(): Promise<void> {
    const Cesium = this.context.cesium();
    const viewer = this.context.viewer();
    if (!Cesium || !viewer || this.loading || this.hasFailed) return;
    this.loading = true;
    try {
      const tileset = await Cesium.Cesium3DTileset.fromUrl(this.context.resolveUrl());
      if (this.disposed || viewer.isDestroyed()) {
        tileset.destroy();
        return;
      }
      this.tileset = viewer.scene.primitives.add(tileset);
      this.removers.push(tileset.tileFailed.addEventListener((error: unknown) => this.fail(error)));
      tileset.show = this.shown;
      this.applyStyle(this.context.textured());
      this.hasDrawn = true;
      if (this.shown) this.context.drawn();
    } catch (error) {
      if (!this.disposed) this.fail(error);
    } finally {
      this.loading = false;
    }
  }
}
