import { useEffect, useRef } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { copyText } from '#client/lib/clipboard';
import { downloadText } from '#client/lib/download';
import { providerName } from '#client/lib/page-meta';
import { TWOFA_TEXTS } from '../texts';

function keysFileText(keys: readonly string[]): string {
  return [
    `${TWOFA_TEXTS.keysTitle} - ${providerName()}`,
    TWOFA_TEXTS.keysWarning,
    '',
    ...keys,
    '',
  ].join('\n');
}

/**
 * §4: recovery keys are shown once. They live only in the screen's memory; 'Já guardei minhas
 * chaves' (or leaving the screen) drops them for good.
 */
export function RecoveryKeys({ keys, onDone }: { keys: readonly string[]; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // Screen readers start here: the keys appeared in place of what was clicked.
    heading.current?.focus();
  }, []);

  const copy = () =>
    copyText(keys.join('\n'), { copied: TWOFA_TEXTS.copied, failed: TWOFA_TEXTS.copyFailed });

  return (
    <Card border="warning" className="mb-4">
      <Card.Body>
        <h2 ref={heading} tabIndex={-1} className="h5">
          {TWOFA_TEXTS.keysTitle}
        </h2>
        <Alert variant="warning">{TWOFA_TEXTS.keysWarning}</Alert>
        <ol className="app-recovery-keys font-monospace" aria-label={TWOFA_TEXTS.keysTitle}>
          {keys.map((key) => (
            <li key={key}>{key}</li>
          ))}
        </ol>
        <div className="d-flex flex-wrap gap-2">
          <Button variant="outline-primary" onClick={() => void copy()}>
            {TWOFA_TEXTS.copy}
          </Button>
          <Button
            variant="outline-primary"
            onClick={() => downloadText(TWOFA_TEXTS.keysFileName, keysFileText(keys))}
          >
            {TWOFA_TEXTS.download}
          </Button>
          <Button variant="primary" className="ms-auto" onClick={onDone}>
            {TWOFA_TEXTS.keysDone}
          </Button>
        </div>
      </Card.Body>
    </Card>
  );
}
