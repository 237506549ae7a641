import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiPort = Number(process.env.API_PORT ?? 3001);

// The SPA lives in src/client; the server serves dist/client in production (src/server/http/spa.ts).
export default defineConfig(({ mode }) => ({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react()],
  resolve: {
    // react-router's package exports only its development build (dev warnings, ~2 KB gzipped more);
    // production builds take the production one it ships alongside (the login route's budget).
    alias:
      mode === 'production'
        ? [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(
                new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
              ),
            },
          ]
        : [],
  },
  css: {
    preprocessorOptions: {
      // Bootstrap 5's Sass still uses @import and old built-ins; its own upgrade will fix them.
      scss: {
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      },
    },
  },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/healthz': `http://127.0.0.1:${apiPort}`,
      '/readyz': `http://127.0.0.1:${apiPort}`,
      '/dev': `http://127.0.0.1:${apiPort}`,
    },
  },
}));
