import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's root, found from this file whether it runs from src/ (tests, dev) or bundled in
 * dist/server (npm start): the nearest folder above with a package.json.
 */
function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('package.json not found above the server code');
    dir = parent;
  }
  return dir;
}

export const PROJECT_ROOT = findProjectRoot();
export const MIGRATIONS_FOLDER = path.join(PROJECT_ROOT, 'drizzle');
export const CLIENT_BUILD_DIR = path.join(PROJECT_ROOT, 'dist', 'client');
