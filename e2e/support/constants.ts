import path from 'node:path';

/** Where journeys put their screenshots. */
export const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/screenshots');
/**
 * How long a page waits for an element, a URL or a navigation before failing. A hang guard,
 * not a speed check: on two loaded cores (two journey files, each with its server and
 * Chromium) a step that takes a second alone has taken over 10 s.
 */
export const PAGE_TIMEOUT = 20_000;
