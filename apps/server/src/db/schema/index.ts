export * from './accounts.js';
export * from './companies.js';
export * from './files.js';
export * from './people.js';
export * from './clients.js';
export * from './invoices.js';
export * from './expenses.js';
export * from './incidents.js';
