/**
 * The login event of this tab (§3 "Login event info": evento id and token), so me.config's
 * 'Prosseguir com o Login' and me.twofa (origin=login) can resume the post-login routing with
 * POST /api/acesso/evento_getInfo after a detour.
 *
 * sessionStorage: per tab, gone when the tab closes, never sent to the server by itself.
 * Storage may be unavailable (private modes, quotas): then resuming is not possible and the
 * screens say so; nothing else breaks.
 */
const STORAGE_KEY = 'portal.loginEvento';

export interface LoginEventRef {
  evento_id: number;
  evento_token: string;
  /** The product the login was for. */
  pid: number;
}

export function rememberLoginEvent(ref: LoginEventRef): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(ref));
  } catch {
    // No storage: resuming will ask the person to sign in again.
  }
}

function isLoginEventRef(value: unknown): value is LoginEventRef {
  if (typeof value !== 'object' || value === null) return false;
  const ref = value as Record<string, unknown>;
  return (
    typeof ref.evento_id === 'number' &&
    typeof ref.evento_token === 'string' &&
    ref.evento_token !== '' &&
    typeof ref.pid === 'number'
  );
}

export function readLoginEvent(): LoginEventRef | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isLoginEventRef(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function forgetLoginEvent(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}
