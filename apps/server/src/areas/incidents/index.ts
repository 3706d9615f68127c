// The incidents area's face: what other areas may use (docs/architecture.md).
export { insertIncident } from './incidents.repo.js';
