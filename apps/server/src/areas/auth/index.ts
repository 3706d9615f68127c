// The auth area's face: what other areas may use (docs/architecture.md).
export { imagePath } from './auth.present.js';
export { findUserById, findUserByUsername, insertUser } from './auth.repo.js';
export type { AuthService } from './auth.service.js';
export type { JoinCompany } from './invitations.service.js';
export { withdrawUnusedInvitations } from './invitations.repo.js';
