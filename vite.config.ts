import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import purgeCss from '@fullhuman/postcss-purgecss';

// The client is written against React's API and runs in the browser on Preact's compatibility
// layer: react-dom alone is half of the first page's 120 KB target (issue 15), Preact's layer a
// tenth of it (docs/decisions/085-preact-runtime.md). The longer names come first.
const PREACT_ALIASES = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

type PostcssPlugin = Extract<ReturnType<typeof purgeCss>, { postcssPlugin: string }>;

/**
 * Bootstrap's compiled CSS without the rules no class of the client uses (most of it is the
 * utility classes): the classes are found in the client's sources and react-bootstrap's, and the
 * families whose names react-bootstrap composes at run time from props (variant, size, bg,
 * breakpoints, positions: `btn-outline-primary`, `col-md-6`, `position-fixed`) are kept whole. Only the Bootstrap stylesheet
 * is purged; the app's own CSS and the libraries' are left as they are (decision 085).
 */
function purgedBootstrap(): PostcssPlugin {
  const purge = purgeCss({
    content: ['src/client/**/*.{ts,tsx,html}', 'node_modules/react-bootstrap/esm/*.js'],
    safelist: {
      standard: [
        /^(btn|alert|bg|text-bg|badge|spinner|modal|table|form|navbar|nav|col|row-cols|g|gx|gy|list-group|container|card|pagination|input-group)-/,
        // ToastContainer's `position-${containerPosition}`: without it the notices sat at the top
        // of the page, out of sight once it scrolled (issue 38).
        /^position-/,
      ],
      greedy: [
        /^(fade|show|showing|collapse|collapsing|toast|tooltip|bs-tooltip|dropdown|offcanvas)/,
      ],
    },
  }) as PostcssPlugin;
  return {
    postcssPlugin: 'purged-bootstrap',
    OnceExit(root, helpers) {
      if (root.source?.input.file?.endsWith('/styles/bootstrap.scss'))
        return purge.OnceExit?.(root, helpers);
    },
  };
}

const apiPort = Number(process.env.API_PORT ?? 3001);

// The SPA lives in src/client; the server serves dist/client in production (src/server/platform/http/spa.ts).
export default defineConfig(({ mode }) => ({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react()],
  resolve: {
    // Production builds run on Preact's React layer (decision 085); `npm run dev` keeps React for
    // its Fast Refresh and development warnings. react-router's package exports only its
    // development build (dev warnings, ~2 KB gzipped more); production builds take the production
    // one it ships alongside (the login route's budget).
    alias:
      mode === 'production'
        ? [
            ...PREACT_ALIASES,
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
    ...(mode === 'production' && { postcss: { plugins: [purgedBootstrap()] } }),
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
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What the entry loads on every page in one file, not a dozen of 1–2 KB: Rolldown makes a
          // chunk of each module a screen shares with the entry, and on a phone's network each
          // file is a round trip (decision 092). Screens' own code stays split as it was.
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
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
