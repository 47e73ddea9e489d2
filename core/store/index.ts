export * from './appStore';
export { appStore, useAppStore } from './useAppStore';
