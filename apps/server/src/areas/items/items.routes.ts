import type { App } from '../../app.js';

/** Routes of the items area (filled in by the finance issue). */
export function itemsRoutes(app: App): void {
  void app;
}
