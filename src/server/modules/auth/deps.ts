import type { Database } from '../../platform/db/database.ts';
import type { SignInHistoryDeps } from '../security/index.ts';
import type { TwofaDeps } from '../twofa/index.ts';

/**
 * What the sign-in needs, each part named for the step that uses it: the second factor and the
 * trusted device (twofa), the history and new-browser alert (security), the database and the
 * public url for the rest.
 */
export interface SignInDeps {
  db: Database;
  publicUrl: string;
  twofa: TwofaDeps;
  history: SignInHistoryDeps;
}
