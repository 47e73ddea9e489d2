export * from './httpClient';
