import type { App } from '../../app.js';

/** Routes of the suppliers area (filled in by the finance issue). */
export function suppliersRoutes(app: App): void {
  void app;
}
