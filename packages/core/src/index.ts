export * from './access.js';
export * from './menu.js';
export * from './version.js';
export * from './contracts/common.js';
export * from './contracts/auth.js';
export * from './contracts/companies.js';
export * from './contracts/people.js';
