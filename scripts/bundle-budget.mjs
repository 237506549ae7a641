// Prints, after `vite build`, how much JS+CSS the login route loads (scripts/login-route-size.mjs)
// and fails the build above the budget: issue 15's 120 KB gzipped, reached with Preact's React
// layer and the purged Bootstrap stylesheet (docs/decisions/085-preact-runtime.md).
import { loginRouteSize } from './login-route-size.mjs';

const BUDGET_KB = 120;
const size = loginRouteSize();
console.log(
  `bundle: the login route loads ${size.gzipKb.toFixed(1)} KB of JS+CSS gzipped, ${size.brotliKb.toFixed(1)} KB with brotli ` +
    `(${size.files} files; budget ${BUDGET_KB} KB gzipped)`,
);
if (size.gzipKb > BUDGET_KB) {
  console.error(`bundle: over the ${BUDGET_KB} KB budget`);
  process.exit(1);
}
