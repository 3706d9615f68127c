/**
 * Menu paths (from `buildMenu` in core) that have a screen in this app so far.
 * Later issues add their paths here; the sidebar shows only these.
 */
export const IMPLEMENTED_MENU_PATHS: ReadonlySet<string> = new Set([
  '/dashboard',
  '/invoices',
  '/creditNotes',
  '/items',
  '/expenses',
  '/accounting',
  '/logBook',
  '/clients',
  '/clientTypes',
  '/suppliers',
  '/incidents',
  '/import',
  '/invoiceTemplates',
  '/statementTemplates',
  '/templates',
  '/diagram',
  '/webhooks',
  '/statuses',
]);
