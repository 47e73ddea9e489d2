import { describe, expect, it } from 'vitest';
import { widgetlessViewerOptions } from './widgetlessViewer';

class FlatTerrain {}
const Cesium = { EllipsoidTerrainProvider: FlatTerrain } as unknown as Parameters<typeof widgetlessViewerOptions>[0];

describe('widgetlessViewerOptions', () => {
  it('turns every Cesium widget off and starts on flat terrain without a base layer', () => {
    const options = widgetlessViewerOptions(Cesium, { lite: false, requestRenderMode: true });
    for (const widget of ['geocoder', 'baseLayerPicker', 'homeButton', 'sceneModePicker', 'navigationHelpButton', 'animation', 'timeline', 'fullscreenButton', 'infoBox', 'selectionIndicator', 'vrButton'] as const) {
      expect(options[widget], widget).toBe(false);
    }
    expect(options.baseLayer).toBe(false);
    expect(options.terrainProvider).toBeInstanceOf(FlatTerrain);
    expect(options.requestRenderMode).toBe(true);
  });

  it('renders lite with one sample, no antialiasing and a low-power GPU, else 4x MSAA on a high-performance one', () => {
    const lite = widgetlessViewerOptions(Cesium, { lite: true, requestRenderMode: false });
    expect(lite.msaaSamples).toBe(1);
    expect(lite.contextOptions?.webgl).toEqual({ alpha: false, antialias: false, powerPreference: 'low-power' });
    expect(lite.requestRenderMode).toBe(false);
    const full = widgetlessViewerOptions(Cesium, { lite: false, requestRenderMode: true });
    expect(full.msaaSamples).toBe(4);
    expect(full.contextOptions?.webgl).toEqual({ alpha: false, antialias: true, powerPreference: 'high-performance' });
  });
});
