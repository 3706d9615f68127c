import type { App } from '../../app.js';
import type { AuthService } from './auth.service.js';
export declare function authRoutes(app: App, auth: AuthService): void;
