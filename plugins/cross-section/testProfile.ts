/** A small synthetic profile for the tests: 0–100 m every 10 m, a gap in the DEM at 50 m, one named building. */
import type { Profile } from './profile';

export function syntheticProfile(): Profile {
  const ground = [10, 12, 15, 20, 30, null, 40, 35, 25, 20, 18];
  return {
    lengthMetres: 100,
    spacingMetres: 10,
    samples: ground.map((groundMetres, index) => {
      const inBuilding = index === 7 || index === 8;
      return {
        distanceMetres: index * 10,
        longitude: 114.1 + index * 0.0001,
        latitude: 22.3,
        groundMetres,
        roofMetres: inBuilding ? 80 : null,
        buildingId: inBuilding ? 'b1' : null,
        buildingName: inBuilding ? { en: 'Tower, "A"', zh: '甲大廈' } : null,
      };
    }),
    buildings: [{ id: 'b1', name: { en: 'Tower, "A"', zh: '甲大廈' }, fromMetres: 68, toMetres: 86, roofMetres: 80 }],
    attribution: 'Synthetic test profile',
  };
}
