import type { UseFormRegisterReturn } from 'react-hook-form';

import { pathTo } from '../paths';

import { TERMS_TEXTS } from '../texts';

/**
 * §2 "consent checkbox linking to terms of use and privacy policy" (§3 `termos`). The documents
 * open in a new tab so the form keeps what was typed; the server records the versions accepted
 * (docs/decisions/017-sign-up.md). Shared: the sign-up and an invitation's sign-up (issue 41
 * item 3) ask the same.
 */
export function TermsConsent({
  id,
  registration,
  error,
}: {
  id: string;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
}) {
  const errorId = error ? `${id}-erro` : undefined;
  return (
    <div className="mb-3">
      <div className="form-check">
        <input
          {...registration}
          id={id}
          type="checkbox"
          className={error ? 'form-check-input is-invalid' : 'form-check-input'}
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
        />
        <label className="form-check-label" htmlFor={id}>
          {TERMS_TEXTS.before}
          <a href={pathTo('termos_uso')} target="_blank" rel="noopener noreferrer">
            {TERMS_TEXTS.terms}
          </a>
          {TERMS_TEXTS.between}
          <a href={pathTo('politica_privacidade')} target="_blank" rel="noopener noreferrer">
            {TERMS_TEXTS.privacy}
          </a>
          {TERMS_TEXTS.after}
        </label>
        {error && (
          <div id={errorId} className="invalid-feedback">
            {error}
          </div>
        )}
      </div>
    </div>
  );
}
