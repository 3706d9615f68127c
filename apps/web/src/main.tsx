import { createRoot, hydrateRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import './app/global.css';
import { SIGNED_IN_ATTRIBUTE } from '@fieldbook/core';
import { installErrorReporting } from './api/error-log';
import { getSession } from './api/session-store';
import { AppRouter } from './app/app-router';
import { AppTree } from './app/app-tree';

installErrorReporting();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const tree = <AppTree router={<AppRouter />} />;
// A public page arrives as HTML (prerender.tsx): signed out, the app takes it
// over as it is; signed in, its HTML was hidden (core's prerender.ts) and goes.
if (root.firstElementChild && !getSession()) hydrateRoot(root, tree);
else {
  root.replaceChildren();
  createRoot(root).render(tree);
}
document.documentElement.removeAttribute(SIGNED_IN_ATTRIBUTE);
