import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import './app/global.css';
import { installErrorReporting } from './api/error-log';
import { AppProviders } from './app/app-providers';
import { AppRouter } from './app/app-router';
import { DeferredPwaUpdatePrompt } from './app/deferred-pwa-prompt';

installErrorReporting();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <AppRouter />
      <DeferredPwaUpdatePrompt />
    </AppProviders>
  </StrictMode>,
);
