import type { App } from '../../app.js';
import type { PeopleService } from './people.service.js';
export declare function peopleRoutes(app: App, people: PeopleService): void;
