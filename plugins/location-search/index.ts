import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION } from '../../core/plugin/types';
import { setLocationSearchContext } from './context';
import { createLocationSearchMode } from './searchMode';

/** Location search: a keyword-search mode over the portal's place search, plus the search box on the map. */
export default definePlugin({
  id: 'location-search',
  apiVersion: PLUGIN_API_VERSION,
  activate(ctx) {
    setLocationSearchContext(ctx);
    ctx.searchModes.register(createLocationSearchMode(ctx));
    ctx.slots.register({
      id: 'location-search-box',
      slot: 'map.top-left',
      order: 10,
      component: () => import('./components/SearchBox'),
    });
    return () => setLocationSearchContext(null);
  },
});
