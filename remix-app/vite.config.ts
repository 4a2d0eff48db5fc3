/** Remix (Vite) build: every v3 future flag on; workspace packages stay external on the server. */
import { vitePlugin as remix } from '@remix-run/dev';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  plugins: [
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
  ],
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  // No asset inlined as a data: URI (Vite inlines files under 4 kB, e.g. KaTeX's smaller
  // fonts): the CSP allows fonts and images from 'self' only.
  build: { assetsInlineLimit: 0 },
  // One instance of each workspace package per process: the server (run by tsx) and the
  // Remix build share the database handle and the event publisher through the load context.
  ssr: {
    external: [
      '@fso/core',
      '@fso/markdown',
      '@fso/search',
      '@fso/db',
      '@fso/shared',
      '@fso/game-engine',
      '@fso/platform',
    ],
  },
});
