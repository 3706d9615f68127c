import { validateWithoutEval } from '@fieldbook/core';

// Loaded with every screen and with the signed-in app, before they validate
// anything (lazy-route.tsx, app-router.tsx): validation in the browser never
// tries eval, which the Content-Security-Policy refuses (core's no-eval.ts).
// Not imported by main.tsx: that would pull zod into the first download.
validateWithoutEval();
