import { describe, expect, it } from 'vitest';
import { metadataLocation } from './LayerMetadataButton';

describe('metadataLocation', () => {
  it('is the record\'s metadata page with the address language, or none', () => {
    expect(metadataLocation('beach-water-quality', 'zh-HK')).toEqual({ pathname: '/metadata/beach-water-quality', search: '?l=zh-HK' });
    expect(metadataLocation('beach-water-quality', null)).toEqual({ pathname: '/metadata/beach-water-quality', search: '' });
  });

  it('encodes what it is given, so an id never becomes another path', () => {
    expect(metadataLocation('a/../b', 'en US').pathname).toBe('/metadata/a%2F..%2Fb');
    expect(metadataLocation('x', 'en US').search).toBe('?l=en+US');
  });
});
