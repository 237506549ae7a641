// Runs in each API test file's worker. Nothing global yet: each file builds its own world with
// tests/helpers/test-app.ts.
import '../../src/shared/zod-locale.ts';
