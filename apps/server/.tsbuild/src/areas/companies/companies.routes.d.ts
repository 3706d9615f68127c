import type { App } from '../../app.js';
import type { CompaniesService } from './companies.service.js';
export declare function companiesRoutes(app: App, companies: CompaniesService): void;
