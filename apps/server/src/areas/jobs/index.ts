// The jobs area's face: what other areas may use (docs/architecture.md).
export { installDefaultTypes } from './job-types.service.js';
