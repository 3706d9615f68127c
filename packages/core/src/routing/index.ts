export * from './geo.js';
export * from './timeline.js';
export { EXACT_MAX_STOPS } from './exact.js';
export { seededRandom } from './local-search.js';
export * from './optimise.js';
export * from './stop-times.js';
export * from './order-times.js';
