import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// The API server in development; API_TARGET points elsewhere (e.g. a second server).
const API_TARGET = process.env.API_TARGET ?? 'http://127.0.0.1:3000';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/**
 * The files the first screen needs (the entry and its static imports, with
 * their CSS), from the build manifest: the service worker precaches only
 * these; every other screen's code is cached the first time it is used.
 */
function firstScreenFiles(): Set<string> {
  const file = path.resolve(import.meta.dirname, 'dist/.vite/manifest.json');
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.css?.forEach((c) => files.add(c));
    chunk.imports?.forEach(visit);
  };
  Object.keys(manifest)
    .filter((k) => manifest[k]?.isEntry)
    .forEach(visit);
  return files;
}

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      // The app asks before it swaps to a new version (see pwa-service-worker.ts).
      registerType: 'prompt',
      injectRegister: null,
      manifest: {
        name: 'Fieldbook',
        short_name: 'Fieldbook',
        description: 'Quotes, invoices, jobs and statements for small service businesses.',
        theme_color: '#02a7b8',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icon-512-maskable.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
        // Not every screen on the first visit (the landing page): the first screen's files only.
        manifestTransforms: [
          (entries) => {
            const keep = firstScreenFiles();
            return {
              manifest: entries.filter((e) => !e.url.startsWith('assets/') || keep.has(e.url)),
              warnings: [],
            };
          },
        ],
        navigateFallback: 'index.html',
        // API answers and the realtime channel always go to the network.
        navigateFallbackDenylist: [/^\/api/, /^\/socket\.io/],
        // The other screens' files (named by their content) are kept once fetched.
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: 'fieldbook-assets', expiration: { maxEntries: 300 } },
          },
        ],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // .vite/manifest.json: which chunks each screen loads (the service worker's
    // precache list and scripts/js-budget.mjs read it).
    manifest: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/socket.io': { target: API_TARGET, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET },
      '/socket.io': { target: API_TARGET, ws: true },
    },
  },
});
