export * from './rules';
export * from './applySwitch';
export * from './functionGroups';
