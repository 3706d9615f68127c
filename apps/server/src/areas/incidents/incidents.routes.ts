import type { App } from '../../app.js';

/** Routes of the incidents area (filled in by the finance issue). */
export function incidentsRoutes(app: App): void {
  void app;
}
