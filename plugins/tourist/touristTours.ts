import type { TourManifest } from '../../core/manifests/schemas';

/**
 * The tours the drawer offers: the tourist tours (manifests/tours/tourist-*.json) and the Victoria Harbour tour,
 * which is a landmark tour too (the trail and weather tours belong to the guided-tours button alone).
 */
export function touristTours(tours: readonly TourManifest[]): TourManifest[] {
  return tours.filter((tour) => tour.id.startsWith('tourist-') || tour.id === 'victoria-harbour');
}
