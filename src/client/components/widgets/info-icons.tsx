import { notify } from '../../lib/notices';
import { CLIENT_TEXTS } from '../../texts';

/**
 * §2 info and id icons: a click shows an alert (an info notice) with the details, or
 * 'ID: {value}'.
 */
export function InfoIcon({ details, label = 'Informações' }: { details: string; label?: string }) {
  return (
    <button type="button" className="btn btn-link btn-sm p-0 align-baseline" aria-label={label} onClick={() => notify('info', details)}>
      <span aria-hidden="true">ⓘ</span>
    </button>
  );
}

export function IdIcon({ value }: { value: number | string }) {
  return (
    <button type="button" className="btn btn-link btn-sm p-0 align-baseline" aria-label={`ID: ${value}`} onClick={() => notify('info', `ID: ${value}`)}>
      {/* A labelled pill, not a bare '#', which read as a stray character after a title (issue 38). */}
      <span aria-hidden="true" className="badge rounded-pill text-bg-light border">
        {CLIENT_TEXTS.idIcon}
      </span>
    </button>
  );
}
