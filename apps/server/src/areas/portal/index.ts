// The portal area's face (docs/portal.md): nothing of it is used by other areas;
// app.ts wires its routes.
export { portalRoutes } from './portal.routes.js';
export { createPortalService, type PortalDocuments, type PortalService } from './portal.service.js';
