import { type App } from '../src/app.js';
import { type Database } from '../src/db/client.js';
import { type AppDeps } from '../src/platform/deps.js';
import { startMailCatcher } from './mail-catcher.js';
/** A fresh migrated database for one test file: PGlite from the dump, or a copy of the PostgreSQL template. */
export declare function freshDatabase(): Promise<Database>;
export interface Harness {
    app: App;
    deps: AppDeps;
    mail: Awaited<ReturnType<typeof startMailCatcher>>;
    close(): Promise<void>;
}
/** The app on a fresh database, sending mail to an SMTP server in this process. */
export declare function startHarness(env?: Record<string, string>, opts?: {
    webDist?: string;
}): Promise<Harness>;
