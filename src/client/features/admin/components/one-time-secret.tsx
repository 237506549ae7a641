import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { apiRequest } from '#client/lib/api-client';
import { copyText } from '#client/lib/clipboard';
import { notify } from '#client/lib/notices';
import { crudEntityKey } from '#client/components/crud/edit-page';
import { ADMIN_TEXTS } from '../texts';

/**
 * A secret the server makes and shows once (an application's client secret, an account's PIX
 * webhook secret): the button asks for a new one, which is shown with a copy button until the
 * page is left; afterwards the page only says whether one exists. The record is reloaded so the
 * "has a secret" flag follows.
 */
export function OneTimeSecret<T>(props: {
  /** The record's API base and id, to reload it. */
  base: string;
  id: number;
  /** POST here makes the new secret. */
  endpoint: string;
  secretOf: (data: T) => string;
  hasSecret: boolean;
  texts: { novo: string; tem: string; sem: string };
  inputId: string;
}) {
  const queryClient = useQueryClient();
  const [secret, setSecret] = useState<string | null>(null);
  const generate = useMutation({
    mutationFn: () => apiRequest<T>('POST', props.endpoint),
    onSuccess: async (response) => {
      setSecret(props.secretOf(response.data));
      notify('success', response.message);
      await queryClient.invalidateQueries({ queryKey: crudEntityKey(props.base, props.id) });
    },
  });
  const copy = () =>
    copyText(secret ?? '', { copied: ADMIN_TEXTS.segredoCopiado, failed: ADMIN_TEXTS.copiaFalhou });
  return (
    <>
      {secret ? (
        <Alert variant="warning">
          <label className="form-label fw-semibold" htmlFor={props.inputId}>
            {props.texts.novo}
          </label>
          <input
            id={props.inputId}
            className="form-control font-monospace mb-2"
            readOnly
            value={secret}
            onFocus={(event) => event.target.select()}
          />
          <Button variant="outline-primary" size="sm" onClick={() => void copy()}>
            {ADMIN_TEXTS.copiarSegredo}
          </Button>
        </Alert>
      ) : (
        <p className="small">{props.hasSecret ? props.texts.tem : props.texts.sem}</p>
      )}
      <Button
        variant="outline-danger"
        disabled={generate.isPending}
        onClick={() => generate.mutate()}
      >
        {ADMIN_TEXTS.gerarSegredo}
      </Button>
    </>
  );
}
