// The schema, one file per owning area (the only area that writes its tables:
// test/platform/table-owners.test.ts); platform.ts holds the platform's own.
export * from './auth.js';
export * from './platform.js';
export * from './companies.js';
export * from './files.js';
export * from './people.js';
export * from './clients.js';
export * from './suppliers.js';
export * from './items.js';
export * from './invoices.js';
export * from './payments.js';
export * from './expenses.js';
export * from './incidents.js';
export * from './templates.js';
export * from './delivery.js';
export * from './jobs.js';
export * from './calendar-feeds.js';
export * from './recurring.js';
export * from './accounting.js';
export * from './chat.js';
export * from './tasks.js';
export * from './vehicles.js';
export * from './notifications.js';
export * from './portal-links.js';
export * from './webhooks.js';
