// Bundles the server into dist/server/main.js, and the OpenID provider's key rotation command
// into dist/server/oidc-rotate-keys.js (dependencies stay in node_modules).
import { build } from 'esbuild';

await build({
  entryPoints: {
    main: 'src/server/main.ts',
    'oidc-rotate-keys': 'src/server/oidc/rotate-keys-command.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log('server: dist/server/main.js, dist/server/oidc-rotate-keys.js');
