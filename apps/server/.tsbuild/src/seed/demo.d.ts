import type { AppDeps } from '../platform/deps.js';
export declare const DEMO: {
  username: string;
  password: string;
};
/**
 * Seed the demo company when the database has no users at all (development
 * only; production never seeds). Answers the demo sign-in, or null.
 */
export declare function seedDemoIfEmpty(deps: AppDeps): Promise<typeof DEMO | null>;
export declare function seedDemo(deps: AppDeps): Promise<void>;
