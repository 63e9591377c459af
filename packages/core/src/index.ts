export * from './constants.js';
export * from './params.js';
export * from './geo.js';
export * from './bundle.js';
export * from './api.js';
export * from './bundle-json-schema.js';
export * from './guide-list.js';
export * from './directions.js';
