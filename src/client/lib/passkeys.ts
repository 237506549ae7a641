import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { loadCode } from './code-loading';

/**
 * The browser side of passkeys (docs/decisions/072-passkeys.md), through @simplewebauthn/browser,
 * loaded only when a ceremony starts: the login route's download budget
 * (scripts/bundle-budget.mjs) does not carry it.
 */
const loadWebauthn = () => loadCode(() => import('@simplewebauthn/browser'));

/** Whether this browser can use passkeys at all (checked without loading the library). */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** Whether the browser offers passkeys in a field's autofill (conditional mediation). */
export async function passkeyAutofillAvailable(): Promise<boolean> {
  if (!passkeysSupported()) return false;
  const check = (
    window.PublicKeyCredential as { isConditionalMediationAvailable?: () => Promise<boolean> }
  ).isConditionalMediationAvailable;
  return check ? check.call(window.PublicKeyCredential).catch(() => false) : false;
}

export async function createPasskey(optionsJSON: PublicKeyCredentialCreationOptionsJSON): Promise<RegistrationResponseJSON> {
  const { startRegistration } = await loadWebauthn();
  return startRegistration({ optionsJSON });
}

/**
 * Asks the browser for a passkey: in its own dialog, or (autofill) quietly, offered in the
 * field marked `autocomplete="username webauthn"` until the person picks one. Starting one
 * ceremony cancels the one under way.
 */
export async function getPasskey(
  optionsJSON: PublicKeyCredentialRequestOptionsJSON,
  autofill = false,
): Promise<AuthenticationResponseJSON> {
  const { startAuthentication } = await loadWebauthn();
  return startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
}

/** The person closed the browser's dialog, or a newer ceremony replaced this one: no failure. */
export function isPasskeyCancelled(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}

/** Ends the ceremony under way, if any (the login screen leaves while autofill waits). */
export async function cancelPasskeyCeremony(): Promise<void> {
  const { WebAuthnAbortService } = await loadWebauthn();
  WebAuthnAbortService.cancelCeremony();
}
