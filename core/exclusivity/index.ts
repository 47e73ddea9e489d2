export * from './rules';
export * from './applySwitch';
