export declare class DataDirLockedError extends Error {}
/**
 * Take the exclusive lock on a data directory. Two processes on one PGlite
 * directory lose writes silently, so whoever comes second must refuse.
 * A lock left by a process that no longer runs is taken over.
 */
export declare function lockDataDir(dataDir: string, holder: string): () => void;
