// Loads the TypeScript worker through tsx (the server runs as TypeScript; a
// worker does not inherit the parent's loader on Node 20).
import { register } from 'tsx/esm/api';

register();
await import('./optimiser-worker.ts');
