export * from './accounts.js';
export * from './companies.js';
export * from './files.js';
export * from './people.js';
