import type { App } from '../../app.js';

/** Routes of the invoices area (filled in by the finance issue). */
export function invoicesRoutes(app: App): void {
  void app;
}
