import type { Tx } from '../db/client.js';
export declare function countUsers(db: Tx): Promise<number>;
