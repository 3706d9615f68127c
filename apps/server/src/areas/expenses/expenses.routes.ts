import type { App } from '../../app.js';

/** Routes of the expenses area (filled in by the finance issue). */
export function expensesRoutes(app: App): void {
  void app;
}
