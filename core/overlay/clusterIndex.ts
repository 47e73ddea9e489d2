/**
 * A supercluster index of an overlay's markers, built once per data change, queried per camera move for the
 * visible area at one zoom. Points are referred to by their position in the array given to {@link load}; no
 * Cesium here.
 */
import Supercluster from 'supercluster';
import { INDEX_MAXIMUM_ZOOM, INDEX_TILE_PIXELS } from './cluster';

export interface ClusterPoint {
  longitude: number;
  latitude: number;
  /** What the point adds to its cluster's label (1, or its {@link clusterSumContribution}). */
  weight: number;
}

export interface Cluster {
  /** Supercluster's cluster id (for {@link ClusterIndex.expansionZoom}). */
  id: number;
  longitude: number;
  latitude: number;
  /** Points in the cluster. */
  count: number;
  /** Sum of the points' weights. */
  total: number;
}

export interface ClusterQuery {
  clusters: Cluster[];
  /** Indices of the points in the area not in any cluster. */
  singles: number[];
}

/** West, south, east, north, degrees. */
export type Bounds = [number, number, number, number];

interface PointProperties {
  index: number;
  weight: number;
}
interface ClusterProperties {
  total: number;
}
/** What supercluster adds to a cluster's properties. */
interface SuperclusterProperties {
  cluster: true;
  cluster_id: number;
  point_count: number;
}
interface PointFeature {
  type: 'Feature';
  properties: PointProperties;
  geometry: { type: 'Point'; coordinates: [number, number] };
}

export class ClusterIndex {
  private readonly index: Supercluster<PointProperties, ClusterProperties>;
  private loaded = 0;

  constructor(options: { pixelRange: number; minimumClusterSize: number }) {
    this.index = new Supercluster<PointProperties, ClusterProperties>({
      radius: options.pixelRange,
      extent: INDEX_TILE_PIXELS,
      minPoints: options.minimumClusterSize,
      maxZoom: INDEX_MAXIMUM_ZOOM,
      map: (properties) => ({ total: properties.weight }),
      reduce: (accumulated, properties) => {
        accumulated.total += properties.total;
      },
    });
  }

  /** Number of points loaded. */
  get size(): number {
    return this.loaded;
  }

  load(points: ReadonlyArray<ClusterPoint>): void {
    const features = new Array<PointFeature>(points.length);
    for (let index = 0; index < points.length; index++) {
      const point = points[index];
      features[index] = {
        type: 'Feature',
        properties: { index, weight: point.weight },
        geometry: { type: 'Point', coordinates: [point.longitude, point.latitude] },
      };
    }
    this.index.load(features);
    this.loaded = points.length;
  }

  /** Clusters and unclustered points inside `bounds` at an integer `zoom`. */
  query(bounds: Bounds, zoom: number): ClusterQuery {
    const clusters: Cluster[] = [];
    const singles: number[] = [];
    if (this.loaded === 0) return { clusters, singles };
    for (const feature of this.index.getClusters(bounds, zoom)) {
      const properties = feature.properties as Partial<SuperclusterProperties & ClusterProperties & PointProperties>;
      if (properties.cluster) {
        const [longitude, latitude] = feature.geometry.coordinates;
        clusters.push({ id: properties.cluster_id!, longitude, latitude, count: properties.point_count!, total: properties.total! });
      } else {
        singles.push(properties.index!);
      }
    }
    return { clusters, singles };
  }

  /** The zoom at which a cluster splits into smaller ones or single points. */
  expansionZoom(clusterId: number): number {
    return this.index.getClusterExpansionZoom(clusterId);
  }
}
