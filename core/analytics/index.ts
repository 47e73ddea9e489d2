export * from './emitter';
