export * from './types';
export * from './definePlugin';
export * from './registry';
export * from './host';
export * from './loadVariantPlugins';
export * from './stateStore';
