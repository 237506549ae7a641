import { useState } from 'react';
import { pendingInteractionId } from '../../../lib/oidc-interaction';
import { useInteractionInfo } from '../api/application-sign-in';
import { LOGIN_TEXTS } from '../texts';

/**
 * Reached from an application's sign-in (decision 097): which application is asking, on the
 * login and on every step after it (the 2FA offer, the account pick, the new password, the
 * welcome, the legal terms) until the sign-in returns to it (issue 38 item 6). Nothing while it
 * loads or when it cannot be said: every step works the same either way.
 */
export function ApplicationAsking({ className = 'alert alert-info py-2' }: { className?: string }) {
  const [uid] = useState(pendingInteractionId);
  const info = useInteractionInfo(uid);
  if (!info.data) return null;
  return <p className={className}>{LOGIN_TEXTS.continueTo(info.data.aplicativo)}</p>;
}
