import type { Config } from '../config.js';
import { type Database } from '../db/client.js';
import { type AppDeps } from './deps.js';
/**
 * Open what the server and the command-line tools need. On the embedded
 * database the data directory is locked first: a second process on it would
 * lose writes silently.
 */
export declare function openDeps(
  config: Config,
  holder: string,
  database?: Database,
): Promise<
  AppDeps & {
    release: () => void;
  }
>;
