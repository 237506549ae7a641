// Whether node_modules holds what package-lock.json names, however it was installed (npm ci,
// npm install, an IDE): npm records what it installed in node_modules/.package-lock.json, which
// is compared with the lock file entry by entry (`npm start` reinstalled whenever its
// own stamp was missing). Packages for other platforms (optional) may be absent; development
// ones are needed only to build. Only Node built-ins: this runs before node_modules exists.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export function installedMatchesLock(root, { withDev }) {
  const read = (file) => JSON.parse(readFileSync(file, 'utf8')).packages ?? {};
  const hidden = path.join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(hidden)) return false;
  let locked;
  let installed;
  try {
    locked = read(path.join(root, 'package-lock.json'));
    installed = read(hidden);
  } catch {
    return false;
  }
  for (const [name, entry] of Object.entries(locked)) {
    if (name === '') continue;
    const present = installed[name];
    if (present) {
      if (present.version !== entry.version) return false;
    } else if (!entry.optional && (withDev || !entry.dev)) {
      return false;
    }
  }
  // Something installed that the lock file does not name (a stale tree) is a mismatch too.
  return Object.keys(installed).every((name) => name in locked);
}
