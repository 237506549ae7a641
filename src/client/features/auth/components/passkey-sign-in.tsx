import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import type { LoginInfo } from '#shared/schemas/auth';
import { ApiError, handleApiError } from '#client/lib/api-client';
import {
  cancelPasskeyCeremony,
  isPasskeyCancelled,
  passkeyAutofillAvailable,
  passkeysSupported,
} from '#client/lib/passkeys';
import { passkeyLogin } from '../api/passkey-login';
import { PASSKEY_TEXTS } from '../texts';

/**
 * 'Entrar com chave de acesso' and the e-mail field's passkey autofill (conditional mediation)
 * of the login screen (decision 072). No captcha, password nor code: the passkey is both factors.
 * @simplewebauthn/browser is loaded only when a ceremony starts (lib/passkeys.ts).
 */
export function PasskeySignIn({
  pid,
  disabled,
  onSignedIn,
}: {
  pid: number;
  disabled: boolean;
  onSignedIn: (info: LoginInfo) => void;
}) {
  const [busy, setBusy] = useState(false);
  const done = useRef(onSignedIn);
  useEffect(() => {
    done.current = onSignedIn;
  });

  const start = (autofill: boolean) =>
    passkeyLogin(pid, autofill).then(
      (info) => {
        setBusy(true);
        done.current(info);
      },
      (error: unknown) => {
        // Closing the browser's dialog, or the button replacing the autofill, is no failure; the
        // autofill offer is a quiet extra, so only a refused answer to it is worth a notice.
        if (
          isPasskeyCancelled(error) ||
          (autofill && !(error instanceof ApiError && error.httpStatus === 401))
        )
          return;
        handleApiError(error);
      },
    );

  useEffect(() => {
    let active = true;
    void passkeyAutofillAvailable().then((available) => {
      if (available && active) void start(true);
    });
    return () => {
      active = false;
      void cancelPasskeyCeremony();
    };
    // Once per screen: the autofill offer waits until a passkey is picked or the screen goes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pid]);

  if (!passkeysSupported()) return null;
  return (
    <Button
      type="button"
      variant="outline-dark"
      disabled={disabled || busy}
      onClick={() => void start(false)}
    >
      {PASSKEY_TEXTS.signIn}
    </Button>
  );
}
