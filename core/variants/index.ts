export * from './selectVariant';
export * from './variants';
