import type { App } from '../../app.js';

/** Routes of the clients area (filled in by the finance issue). */
export function clientsRoutes(app: App): void {
  void app;
}
