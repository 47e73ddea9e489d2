import { describe, expect, it } from 'vitest';
import { overlayManifestSchema } from '../manifests/schemas';
import {
  clusterFlyToHeight,
  clusterLabel,
  clusterSumContribution,
  clusteringApplies,
  depthTestState,
  hasSingleBillboardKind,
  heightForZoom,
  indexZoomForCamera,
  metersPerPixel,
  zoomForCamera,
} from './cluster';
import { ClusterIndex } from './clusterIndex';

const base = {
  id: 'temperature',
  mode: 'GEOJSON',
  name: { 'en-US': 'Temperature', 'zh-HK': '氣溫', 'zh-CN': '气温' },
  url: '/mapviewer/api/realtime/temperature',
};
const clustered = overlayManifestSchema.parse({ ...base, cluster: { enabled: true } });
const unclustered = overlayManifestSchema.parse({ ...base, cluster: { enabled: false } });
const camera = { heightMeters: 10_000, latitudeDegrees: 22.3, viewportHeightPixels: 600, fovyRadians: Math.PI / 3 };

describe('clustering eligibility (SPEC §4)', () => {
  it('needs the manifest to enable it, a non-mobile device and one billboard kind', () => {
    expect(clusteringApplies(clustered, ['symbol:circle', 'symbol:circle'], false)).toBe(true);
    expect(clusteringApplies(clustered, ['symbol:circle', 'symbol:circle'], true)).toBe(false);
    expect(clusteringApplies(unclustered, ['symbol:circle'], false)).toBe(false);
    expect(clusteringApplies(overlayManifestSchema.parse(base), ['symbol:circle'], false)).toBe(false);
    expect(clusteringApplies(clustered, ['symbol:circle', 'icon:/a.png'], false)).toBe(false);
  });
  it('defaults to pixel range 75 and minimum size 3, indoor stations may say 25 and 5', () => {
    expect(clustered.cluster).toMatchObject({ pixelRange: 75, minimumClusterSize: 3, flyToMaximumHeightMeters: 3230 });
    const indoor = overlayManifestSchema.parse({ ...base, cluster: { enabled: true, pixelRange: 25, minimumClusterSize: 5 } });
    expect(indoor.cluster).toMatchObject({ pixelRange: 25, minimumClusterSize: 5 });
  });
  it('a single billboard kind ignores features drawn without a billboard and needs at least one', () => {
    expect(hasSingleBillboardKind(['symbol:arrow', null, 'symbol:arrow'])).toBe(true);
    expect(hasSingleBillboardKind([null, null])).toBe(false);
    expect(hasSingleBillboardKind([])).toBe(false);
    expect(hasSingleBillboardKind(['icon:/a.png', 'icon:/b.png'])).toBe(false);
  });
});

describe('zoom from camera height', () => {
  it('makes one index pixel one screen pixel', () => {
    const zoom = zoomForCamera(camera);
    const indexPixelMeters = (40_075_016.686 * Math.cos((22.3 * Math.PI) / 180)) / (256 * 2 ** zoom);
    expect(indexPixelMeters).toBeCloseTo(metersPerPixel(camera), 6);
    expect(metersPerPixel(camera)).toBeCloseTo((2 * 10_000 * Math.tan(Math.PI / 6)) / 600, 9);
  });
  it('goes one zoom in per halving of the height, and heightForZoom inverts it', () => {
    expect(zoomForCamera({ ...camera, heightMeters: 5_000 }) - zoomForCamera(camera)).toBeCloseTo(1, 9);
    expect(heightForZoom(zoomForCamera(camera), camera)).toBeCloseTo(10_000, 6);
  });
  it('rounds to an integer zoom within the index range', () => {
    expect(Number.isInteger(indexZoomForCamera(camera))).toBe(true);
    expect(indexZoomForCamera({ ...camera, heightMeters: 1e9 })).toBe(0);
    expect(indexZoomForCamera({ ...camera, heightMeters: 1 })).toBe(19);
  });
});

describe('cluster fly-to height', () => {
  it('is capped at 3230 m (SPEC §9)', () => {
    expect(clusterFlyToHeight(8, camera)).toBe(3230);
    expect(clusterFlyToHeight(8, camera, 2000)).toBe(2000);
  });
  it('is the height at which the cluster splits, below the cap', () => {
    const height = clusterFlyToHeight(16, camera);
    expect(height).toBeLessThan(3230);
    expect(Math.round(zoomForCamera({ ...camera, heightMeters: height }))).toBeGreaterThanOrEqual(16);
  });
  it('never flies out', () => {
    expect(clusterFlyToHeight(8, { ...camera, heightMeters: 1200 })).toBe(1200);
  });
});

describe('cluster sum', () => {
  it('counts 1 for non-numeric values (SPEC §5)', () => {
    expect(clusterSumContribution(12)).toBe(12);
    expect(clusterSumContribution('7.5')).toBe(7.5);
    for (const value of ['N/A', '', null, undefined, Number.NaN, {}, true]) expect(clusterSumContribution(value)).toBe(1);
  });
  it('labels whole numbers as they are and others with one decimal', () => {
    expect(clusterLabel(42)).toBe('42');
    expect(clusterLabel(3.14159)).toBe('3.1');
  });
});

describe('depth test control (SPEC §4, tdssimg 500 m)', () => {
  const tdssimg = overlayManifestSchema.parse({ ...base, depthTestControl: { enabled: true, distance: 500, hideCluster: true } });
  it('switches depth test off and hides clusters below the distance', () => {
    expect(depthTestState(tdssimg, 499)).toEqual({ depthTestOff: true, clustersHidden: true });
    expect(depthTestState(tdssimg, 500)).toEqual({ depthTestOff: false, clustersHidden: false });
    expect(depthTestState(tdssimg, 3000)).toEqual({ depthTestOff: false, clustersHidden: false });
  });
  it('keeps clusters without hideCluster', () => {
    const keep = overlayManifestSchema.parse({ ...base, depthTestControl: { enabled: true, distance: 800, hideCluster: false } });
    expect(depthTestState(keep, 100)).toEqual({ depthTestOff: true, clustersHidden: false });
  });
  it('without the control, depth test stays off and clusters stay', () => {
    expect(depthTestState(overlayManifestSchema.parse(base), 100)).toEqual({ depthTestOff: true, clustersHidden: false });
    expect(depthTestState(overlayManifestSchema.parse(base), 100_000)).toEqual({ depthTestOff: true, clustersHidden: false });
  });
});

describe('ClusterIndex', () => {
  // Three points a few metres apart, one 20 km away.
  const points = [
    { longitude: 114.1, latitude: 22.3, weight: 5 },
    { longitude: 114.1001, latitude: 22.3001, weight: 1 },
    { longitude: 114.1002, latitude: 22.3, weight: 2.5 },
    { longitude: 114.3, latitude: 22.4, weight: 1 },
  ];
  const hk: [number, number, number, number] = [113.8, 22.1, 114.5, 22.6];
  it('clusters near points with their summed weights and leaves the far one single', () => {
    const index = new ClusterIndex({ pixelRange: 75, minimumClusterSize: 3 });
    index.load(points);
    const { clusters, singles } = index.query(hk, 10);
    expect(clusters).toHaveLength(1);
    expect(clusters[0]).toMatchObject({ count: 3, total: 8.5 });
    expect(singles).toEqual([3]);
    expect(index.expansionZoom(clusters[0].id)).toBeGreaterThan(10);
  });
  it('forms no cluster smaller than the minimum size', () => {
    const index = new ClusterIndex({ pixelRange: 75, minimumClusterSize: 5 });
    index.load(points);
    const { clusters, singles } = index.query(hk, 10);
    expect(clusters).toEqual([]);
    expect(singles.sort()).toEqual([0, 1, 2, 3]);
  });
  it('returns only what lies in the bounds', () => {
    const index = new ClusterIndex({ pixelRange: 75, minimumClusterSize: 3 });
    index.load(points);
    expect(index.query([114.25, 22.35, 114.35, 22.45], 10)).toEqual({ clusters: [], singles: [3] });
  });
});
