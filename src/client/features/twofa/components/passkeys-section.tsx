import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { DEVICE_NAME_MAX } from '#shared/fields';
import { formatDateTime } from '#shared/format';
import { PasskeyRenameRequestSchema, type Passkey } from '#shared/schemas/security';
import { PageLoading } from '#client/components/page-loading';
import { TextField } from '#client/components/text-field';
import { applyFieldErrors } from '#client/lib/api-client';
import { passkeysSupported } from '#client/lib/passkeys';
import {
  usePasskeys,
  useRegisterPasskey,
  useRemovePasskey,
  useRenamePasskey,
} from '../api/passkeys';
import { TWOFA_TEXTS } from '../texts';
import { RecordTable } from '#client/components/record-table';
import { cellLabel } from '#client/components/stacked-table';

/**
 * 'Chaves de acesso' (docs/decisions/072-passkeys.md): register a passkey under a name,
 * list them with created and last-used dates, rename, remove (the server asks the step-up).
 */
export function PasskeysSection() {
  const passkeys = usePasskeys();
  const supported = passkeysSupported();
  return (
    <section className="mb-4" aria-labelledby="twofa-chaves-acesso">
      <h2 id="twofa-chaves-acesso" className="h5">
        {TWOFA_TEXTS.passkeysTitle}
      </h2>
      <p className="small text-body-secondary">{TWOFA_TEXTS.passkeysExplain}</p>
      {passkeys.isPending ? (
        <PageLoading />
      ) : passkeys.data && passkeys.data.chaves.length > 0 ? (
        <PasskeyTable passkeys={passkeys.data.chaves} />
      ) : (
        <p className="text-body-secondary">{TWOFA_TEXTS.passkeysNone}</p>
      )}
      {supported ? (
        <AddPasskey />
      ) : (
        <p className="text-body-secondary">{TWOFA_TEXTS.passkeysUnsupported}</p>
      )}
    </section>
  );
}

function AddPasskey() {
  const register = useRegisterPasskey();
  const form = useForm({
    resolver: zodResolver(PasskeyRenameRequestSchema),
    defaultValues: { nome: '' },
  });
  const onSubmit = form.handleSubmit(({ nome }) =>
    register.mutate(nome, {
      onSuccess: () => form.reset(),
      onError: (error) => applyFieldErrors(form.setError, error),
    }),
  );
  return (
    <form
      noValidate
      aria-label={TWOFA_TEXTS.passkeyAdd}
      onSubmit={(event) => void onSubmit(event)}
      className="d-flex flex-wrap align-items-start gap-2"
    >
      <TextField
        id="twofa-chave-nome"
        required
        label={TWOFA_TEXTS.passkeyName}
        placeholder={TWOFA_TEXTS.passkeyNamePlaceholder}
        maxLength={DEVICE_NAME_MAX}
        className="mb-0 flex-grow-1"
        registration={form.register('nome')}
        error={form.formState.errors.nome?.message}
      />
      <Button type="submit" className="align-self-end" disabled={register.isPending}>
        {TWOFA_TEXTS.passkeyAdd}
      </Button>
    </form>
  );
}

function PasskeyTable({ passkeys }: { passkeys: readonly Passkey[] }) {
  const remove = useRemovePasskey();
  const [renaming, setRenaming] = useState<number | null>(null);
  return (
    <RecordTable
      label={TWOFA_TEXTS.passkeysTitle}
      headers={[TWOFA_TEXTS.deviceName, TWOFA_TEXTS.passkeyCreated, TWOFA_TEXTS.passkeyLastUsed]}
      actionsLabel={TWOFA_TEXTS.deviceActions}
    >
      {passkeys.map((passkey) => (
        <tr key={passkey.id}>
          <td>
            {renaming === passkey.id ? (
              <RenameForm passkey={passkey} onDone={() => setRenaming(null)} />
            ) : (
              <>
                {passkey.nome}
                {passkey.sincronizada && (
                  <Badge bg="secondary" className="ms-2">
                    {TWOFA_TEXTS.passkeySynced}
                  </Badge>
                )}
              </>
            )}
          </td>
          <td {...cellLabel(TWOFA_TEXTS.passkeyCreated)}>{formatDateTime(passkey.datahora_criado)}</td>
          <td {...cellLabel(TWOFA_TEXTS.passkeyLastUsed)}>
            {passkey.datahora_ultimo_uso
              ? formatDateTime(passkey.datahora_ultimo_uso)
              : TWOFA_TEXTS.passkeyNeverUsed}
          </td>
          <td className="text-end text-nowrap">
            {renaming !== passkey.id && (
              <Button
                size="sm"
                variant="outline-secondary"
                className="me-2"
                onClick={() => setRenaming(passkey.id)}
              >
                {TWOFA_TEXTS.passkeyRename}
                <span className="visually-hidden"> {passkey.nome}</span>
              </Button>
            )}
            <Button
              size="sm"
              variant="outline-danger"
              disabled={remove.isPending && remove.variables === passkey.id}
              onClick={() => remove.mutate(passkey.id)}
            >
              {TWOFA_TEXTS.passkeyRemove}
              <span className="visually-hidden"> {passkey.nome}</span>
            </Button>
          </td>
        </tr>
      ))}
    </RecordTable>
  );
}

function RenameForm({ passkey, onDone }: { passkey: Passkey; onDone: () => void }) {
  const rename = useRenamePasskey();
  const form = useForm({
    resolver: zodResolver(PasskeyRenameRequestSchema),
    defaultValues: { nome: passkey.nome },
  });
  const onSubmit = form.handleSubmit(({ nome }) =>
    rename.mutate(
      { id: passkey.id, nome },
      { onSuccess: onDone, onError: (error) => applyFieldErrors(form.setError, error) },
    ),
  );
  return (
    <form
      noValidate
      aria-label={TWOFA_TEXTS.passkeyRename}
      onSubmit={(event) => void onSubmit(event)}
      className="d-flex flex-wrap gap-2"
    >
      <TextField
        id={`twofa-chave-${passkey.id}-nome`}
        required
        label={TWOFA_TEXTS.passkeyName}
        maxLength={DEVICE_NAME_MAX}
        className="mb-0"
        registration={form.register('nome')}
        error={form.formState.errors.nome?.message}
      />
      <Button type="submit" size="sm" className="align-self-end" disabled={rename.isPending}>
        {TWOFA_TEXTS.passkeySaveName}
      </Button>
      <Button size="sm" variant="outline-secondary" className="align-self-end" onClick={onDone}>
        {TWOFA_TEXTS.cancel}
      </Button>
    </form>
  );
}
