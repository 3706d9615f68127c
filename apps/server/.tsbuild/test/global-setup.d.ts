import type { TestProject } from 'vitest/node';
/**
 * Prepare one migrated database that every test file starts from: a dumped
 * PGlite directory (about 0.7 s to load, against 3.5 s for a new one), or on
 * PostgreSQL (`TEST_DATABASE_URL`) a template database that each file copies.
 */
export default function setup(project: TestProject): Promise<(() => Promise<void>) | undefined>;
declare module 'vitest' {
    interface ProvidedContext {
        pgliteDump: string;
        pgTemplate: string;
    }
}
