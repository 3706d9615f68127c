// The companies area's face: what other areas may use (docs/architecture.md).
export { getCompany, listGroups, type CompanyRow } from './companies.repo.js';
/** Put a user in a company (an invitation used); an existing membership is left as it is. */
export { addMember as joinCompany } from './companies.repo.js';
