import { useState } from 'react';
import { pendingInteractionId } from '#client/lib/oidc-interaction';
import { displayableLogo } from '#client/lib/displayable-logo';
import { useInteractionInfo } from '../api/application-sign-in';
import { LOGIN_TEXTS } from '../texts';

/**
 * Reached from an application's sign-in (decision 097): which application is asking, on the
 * login and on every step after it (the 2FA offer, the account pick, the new password, the
 * welcome, the legal terms) until the sign-in returns to it (issue 38 item 6), with its logo
 * when staff set one. Nothing while it loads or when it cannot be said: every step works the
 * same either way.
 */
export function ApplicationAsking({ className = 'alert alert-info py-2' }: { className?: string }) {
  const [uid] = useState(pendingInteractionId);
  const info = useInteractionInfo(uid);
  if (!info.data) return null;
  const logo = displayableLogo(info.data.logo_url);
  return (
    <p className={`${className} d-flex align-items-center gap-2`}>
      {logo && (
        <img
          src={logo}
          alt={LOGIN_TEXTS.logoOf(info.data.aplicativo)}
          className="app-application-logo"
        />
      )}
      <span>{LOGIN_TEXTS.continueTo(info.data.aplicativo)}</span>
    </p>
  );
}
