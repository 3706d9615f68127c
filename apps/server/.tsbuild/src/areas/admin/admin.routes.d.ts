import type { App } from '../../app.js';
/** Platform administration (rank super). */
export declare function adminRoutes(app: App): void;
