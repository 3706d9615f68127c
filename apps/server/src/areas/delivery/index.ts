// The delivery area's face: what other areas may use (docs/architecture.md).
export { countSends } from './send-limit.js';
