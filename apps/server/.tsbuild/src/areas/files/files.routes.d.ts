import type { App } from '../../app.js';
export declare function filesRoutes(app: App): void;
