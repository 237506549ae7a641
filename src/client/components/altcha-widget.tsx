/**
 * The ALTCHA widget (self-hosted proof of work), loaded on demand by `Captcha`: a visitor who
 * never sees a captcha never downloads it.
 *
 * CSP (style-src 'self', script-src 'self', worker-src 'self' blob:): the package's default
 * build injects a <style> element and starts its workers from blob: URLs built from inlined
 * code. The "external" build does neither: its stylesheet comes through Vite as a file, and
 * each proof-of-work algorithm runs in a worker file of our own origin registered below.
 * The widget sets styles only through the CSSOM (element.style), which CSP allows.
 */
import 'altcha/external';
import 'altcha/altcha.css';
import 'altcha/i18n/pt-br';
import { useEffect, useRef } from 'react';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import ShaWorker from 'altcha/workers/sha?worker';

// The algorithms altcha-lib signs challenges with by default. ARGON2ID and SCRYPT are left out:
// their workers compile WebAssembly, which script-src 'self' does not allow.
for (const algorithm of ['SHA-256', 'SHA-384', 'SHA-512']) {
  globalThis.$altcha.algorithms.set(algorithm, () => new ShaWorker());
}
for (const algorithm of ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512']) {
  globalThis.$altcha.algorithms.set(algorithm, () => new Pbkdf2Worker());
}

interface StateChangeDetail {
  state: string;
  payload?: string | null;
}

export interface AltchaWidgetProps {
  challengeUrl: string;
  /** The solution to send as `recaptcha`, or null while there is none (new, expired, failed). */
  onToken: (token: string | null) => void;
}

/**
 * The custom element is created by hand rather than through JSX, so React never writes its
 * attributes or touches what the widget renders inside itself.
 */
export default function AltchaWidget({ challengeUrl, onToken }: AltchaWidgetProps) {
  const host = useRef<HTMLDivElement>(null);
  const onTokenRef = useRef(onToken);
  useEffect(() => {
    onTokenRef.current = onToken;
  }, [onToken]);

  useEffect(() => {
    const container = host.current;
    if (!container) return;
    const widget = document.createElement('altcha-widget');
    widget.setAttribute('challenge', challengeUrl);
    // Solves as soon as it shows: the person finds it ready (§5 "captcha ready").
    widget.setAttribute('auto', 'onload');
    widget.setAttribute('language', 'pt-br');
    widget.setAttribute('name', 'recaptcha');
    const onStateChange = (event: Event) => {
      const detail = (event as CustomEvent<StateChangeDetail>).detail;
      onTokenRef.current(detail.state === 'verified' && detail.payload ? detail.payload : null);
    };
    widget.addEventListener('statechange', onStateChange);
    container.append(widget);
    return () => {
      widget.removeEventListener('statechange', onStateChange);
      widget.remove();
    };
  }, [challengeUrl]);

  return <div ref={host} className="app-captcha" />;
}
