// The companies area's face: what other areas may use (docs/architecture.md).
export { getCompany, listGroups, type CompanyRow } from './companies.repo.js';
