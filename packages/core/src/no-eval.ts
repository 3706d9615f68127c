import { config } from 'zod';

/**
 * Zod compiles object validators with `new Function` when it may, and finds
 * out by trying. Under the app's Content-Security-Policy (no 'unsafe-eval')
 * the try is refused and reported as a violation. The web app calls this
 * first thing (apps/web/src/app/no-eval.ts), before any contract is parsed;
 * core itself has no side effects, so the bundler may leave any of it out.
 * The server keeps the faster compiled validators.
 */
export function validateWithoutEval(): void {
  config({ jitless: true });
}
