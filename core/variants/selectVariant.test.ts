import { describe, expect, it } from 'vitest';
import { isDevHost, selectVariant, type VariantSelection } from './selectVariant';

const table: Array<[string, string, string, VariantSelection]> = [
  ['public host, plain path → second', '3d.map.gov.hk', '/mapviewer/app/map', { variant: 'second', environment: 'production', devTools: false, trafficApp: false }],
  ['indoor path → indoor, test environment', '3d.map.gov.hk', '/mapviewer/app-mtr-indoor/map', { variant: 'indoor', environment: 'test', devTools: false, trafficApp: false }],
  ['indoor host prefix → indoor', 'indoor.3d.map.gov.hk', '/mapviewer/app/map', { variant: 'indoor', environment: 'test', devTools: false, trafficApp: false }],
  ['indoor path on localhost keeps dev tools', 'localhost', '/mapviewer/app-mtr-indoor/', { variant: 'indoor', environment: 'test', devTools: true, trafficApp: false }],
  ['app-td-dev on a dev host → traffic height tool', 'dev.3d.map.gov.hk', '/mapviewer/app-td-dev/map', { variant: 'dev-td', environment: 'development', devTools: true, trafficApp: true }],
  ['app-td-dev on a public host falls back to second', '3d.map.gov.hk', '/mapviewer/app-td-dev/map', { variant: 'second', environment: 'production', devTools: false, trafficApp: false }],
  ['app-td marks the traffic app', '3d.map.gov.hk', '/mapviewer/app-td/map', { variant: 'second', environment: 'production', devTools: false, trafficApp: true }],
  ['app-demo on localhost', 'localhost', '/mapviewer/app-demo/sdk', { variant: 'dev-demo', environment: 'development', devTools: true, trafficApp: false }],
  ['app-demo on 127.0.0.1', '127.0.0.1', '/mapviewer/app-demo/', { variant: 'dev-demo', environment: 'development', devTools: true, trafficApp: false }],
  ['app-demo on a public host falls back', '3d.map.gov.hk', '/mapviewer/app-demo/', { variant: 'second', environment: 'production', devTools: false, trafficApp: false }],
  ['routing-test on a dev host', 'dev-3d.map.gov.hk', '/mapviewer/routing-test/map', { variant: 'dev-routing-test', environment: 'development', devTools: true, trafficApp: false }],
  ['routing-test on a public host falls back', '3d.map.gov.hk', '/mapviewer/routing-test/map', { variant: 'second', environment: 'production', devTools: false, trafficApp: false }],
  ['dev variant on a dev host', 'dev.3d.map.gov.hk', '/mapviewer/app-dev/map', { variant: 'dev', environment: 'development', devTools: true, trafficApp: false }],
  ['dev variant on a public host falls back', 'www.3d.map.gov.hk', '/mapviewer/app-dev/map', { variant: 'second', environment: 'production', devTools: false, trafficApp: false }],
  ['a host merely containing "dev" is not a dev host', '3d-dev.example.org', '/mapviewer/app-dev/', { variant: 'second', environment: 'production', devTools: false, trafficApp: false }],
  ['a segment that only contains app-demo does not match', 'localhost', '/mapviewer/my-app-demo-page/', { variant: 'second', environment: 'development', devTools: true, trafficApp: false }],
  ['minimal on localhost', 'localhost', '/mapviewer/app-minimal/', { variant: 'minimal', environment: 'development', devTools: true, trafficApp: false }],
  ['full on a public host falls back', '3d.map.gov.hk', '/mapviewer/app-full/', { variant: 'second', environment: 'production', devTools: false, trafficApp: false }],
];

describe('selectVariant', () => {
  it.each(table)('%s', (_name, hostname, pathname, expected) => {
    expect(selectVariant({ hostname, pathname })).toEqual(expected);
  });
});

describe('isDevHost', () => {
  it.each([
    ['localhost', true],
    ['127.0.0.1', true],
    ['dev.3d.map.gov.hk', true],
    ['DEV.example', true],
    ['3d.map.gov.hk', false],
    ['indoor.3d.map.gov.hk', false],
  ])('%s → %s', (hostname, expected) => {
    expect(isDevHost(hostname)).toBe(expected);
  });
});
