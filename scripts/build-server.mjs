// Bundles the server into dist/server/main.js, and the OpenID provider's key rotation command
// into dist/server/oidc-rotate-keys.js. Dependencies stay in node_modules, but for a few plain
// ES-module libraries made of hundreds of small files (drizzle-orm 107 at start, zod 96,
// date-fns 51...): Node loads a module file by file, so they go into the bundle, a tenth of a
// second less at every start (docs/decisions/093-start-time.md). Everything that imports them is
// bundled too, so there is one copy of each.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

const BUNDLED = new Set([
  'drizzle-orm',
  'zod',
  'date-fns',
  '@date-fns/tz',
  'altcha-lib',
  'fastify-type-provider-zod',
]);
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

// Chunk names change with their content: the last build's would stay beside the new ones.
rmSync('dist/server', { recursive: true, force: true });

await build({
  entryPoints: {
    main: 'src/server/main.ts',
    'oidc-rotate-keys': 'src/server/modules/oidc/rotate-keys-command.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // What the code imports on first use (a database driver, the OpenID provider) stays in chunks
  // of its own, loaded then.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [
    {
      name: 'external-dependencies',
      setup(build) {
        // Bare specifiers (not relative, not '#shared/...' imports, not node: built-ins).
        build.onResolve({ filter: /^[^./#]/ }, ({ path }) =>
          path.startsWith('node:') || BUNDLED.has(packageOf(path))
            ? undefined
            : { path, external: true },
        );
      },
    },
  ],
  // For stack traces (`--enable-source-maps`), which need the mappings, not the sources: Node
  // reads and parses every map when it loads the module, a third of the size is a third of the time.
  sourcemap: true,
  sourcesContent: false,
  logLevel: 'warning',
});
console.log('server: dist/server/main.js, dist/server/oidc-rotate-keys.js');
