import Bowser from 'bowser';

export interface BrowserDescription {
  /** 'Chrome 131', 'Firefox 133', 'Safari 18'; null when the user agent says nothing usable. */
  navegador: string | null;
  /** 'Windows 10', 'Android 14', 'macOS'; null likewise. */
  sistema: string | null;
}

/** Only the major version: '131.0.6778.85' tells a person no more than '131'. */
const major = (version: string | undefined) => version?.split('.')[0] ?? '';

const join = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ').trim() || null;

/**
 * Windows by its name ('10'; 10 and 11 share one token); macOS without one (browsers freeze it
 * at 10.15.7, so any version shown would be wrong); the others by their major version.
 */
function systemVersion(os: { name?: string; version?: string; versionName?: string }): string {
  if (os.name === 'Windows') return os.versionName ?? '';
  if (os.name === 'macOS') return '';
  return major(os.version);
}

/**
 * Browser and system of a stored user agent, as a person recognises them ('Sessões ativas' and
 * the sign-in history, decision 071), parsed by bowser (a maintained, typed parser) rather than by
 * our own patterns. A user agent is what the browser claims: shown as a hint, never trusted.
 */
export function describeUserAgent(userAgent: string | null | undefined): BrowserDescription {
  if (!userAgent) return { navegador: null, sistema: null };
  const { browser, os } = Bowser.parse(userAgent);
  return {
    navegador: join(browser.name, major(browser.version)),
    sistema: join(os.name, systemVersion(os)),
  };
}
