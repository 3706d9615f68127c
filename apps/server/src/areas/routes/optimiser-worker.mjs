// Loads the TypeScript worker through tsx when the server runs from source (a
// worker does not inherit the parent's loader on Node 20). The compiled server
// has its own dist/optimiser-worker.mjs, bundled from optimiser-worker.ts.
import { register } from 'tsx/esm/api';

register();
await import('./optimiser-worker.ts');
