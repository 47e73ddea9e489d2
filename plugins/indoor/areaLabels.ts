import type { IndoorArea } from './venues';

/** The area kinds the feeds use that have a name of their own in locales/<lang>/indoor.json. */
export const NAMED_SPACES = new Set(['concourse', 'paid-area', 'platform', 'trackway', 'passage', 'gate-line', 'entrance', 'stairs', 'escalator', 'lift', 'toilet', 'customer-service', 'floor', 'corridor', 'core']);

/** Message id of an area's label: its kind's name, or the generic "Area" for a kind without one. */
export function areaLabelId(area: Pick<IndoorArea, 'space'>): string {
  return area.space && NAMED_SPACES.has(area.space) ? `indoor.space.${area.space}` : 'indoor.space.other';
}
