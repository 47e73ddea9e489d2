/** Request and response shapes of the data service (server/) shared with the client. Isomorphic. */
export * from './common';
export * from './errors';
export * from './realtime';
export * from './places';
export * from './analytics';
export * from './sources';
export * from './health';
export * from './endpoint';
export * from './endpoints';
