/**
 * Nothing a journey's browser asks for leaves this machine: Chromium resolves
 * every host name but the local ones to "not found" (the map's tiles, the
 * address search), before any DNS lookup, as a phone without signal would
 * get nothing. Done at the resolver rather than with Playwright routes: a
 * route pauses every request for a round trip to the test and turns off the
 * browser's HTTP cache. A journey that wants an answer from outside (the CSP
 * journey's tiles) routes that address itself; a route answers before any
 * lookup.
 */
export const LOCAL_ONLY_ARGS = [
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];
