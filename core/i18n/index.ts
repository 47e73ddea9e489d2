export * from './messages';
export * from './i18nService';
export * from './messageLoader';
