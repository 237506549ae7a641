import '#shared/zod-locale';
import './twofa-page.css';
import { useEffect, useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { TWOFA_CODE_MAX } from '#shared/fields';
import { formatDateTime, MISSING } from '#shared/format';
import {
  TwofaDisableRequestSchema,
  TwofaValidateCodeRequestSchema,
  type TrustedDevice,
  type TwofaQrCodeResponse,
} from '#shared/schemas/twofa';
import { Page } from '#client/components/page';
import { PageLoading } from '#client/components/page-loading';
import { TextField } from '#client/components/text-field';
import { applyFieldErrors, isCancelled } from '#client/lib/api-client';
import { notify } from '#client/lib/notices';
import { useActivateTwofa } from '../api/activate-twofa';
import { useDisableTwofa } from '../api/disable-twofa';
import { useGenerateQrCode } from '../api/generate-qr-code';
import { useGenerateRecoveryKeys } from '../api/generate-recovery-keys';
import { useTwofaStatus } from '../api/get-twofa-status';
import { useUntrustDevice } from '../api/untrust-device';
import { useValidateCode } from '../api/validate-code';
import { TWOFA_TEXTS } from '../texts';
import { PasskeysSection } from './passkeys-section';
import { RecoveryKeys } from './recovery-keys';
import { ConfirmDialog } from '#client/components/confirm-dialog';
import { LoadError } from '#client/components/load-error';
import { MeBackNav } from '#client/components/me-back-nav';
import { RecordTable } from '#client/components/record-table';
import { cellLabel } from '#client/components/stacked-table';

type Panel = 'none' | 'activate' | 'disable';

/**
 * me.twofa (§2 /me/twofa?origin&pid&askOnMount; §4 2FA; §5): turn 2FA on (QR code, a code to
 * prove the app works, then the recovery keys once) or off (a code or a recovery key), renew
 * the recovery keys, and drop trusted devices. askOnMount=1 (from the login's activation offer)
 * opens the activation at once.
 */
export function TwofaPage() {
  const [query] = useSearchParams();
  const status = useTwofaStatus();
  const [panel, setPanel] = useState<Panel>(() =>
    query.get('askOnMount') === '1' ? 'activate' : 'none',
  );
  // §4: shown once, kept only here.
  const [keys, setKeys] = useState<readonly string[] | null>(null);
  const [confirmingKeys, setConfirmingKeys] = useState(false);
  const generateKeys = useGenerateRecoveryKeys();

  let body;
  if (status.isPending) {
    body = <PageLoading />;
  } else if (status.isError) {
    body = (
      <LoadError message={TWOFA_TEXTS.statusLoadFailed} onRetry={() => void status.refetch()} />
    );
  } else {
    const enabled = status.data.twofa_enabled;
    // A panel that does not fit the status (askOnMount=1 with 2FA already on) is no panel.
    const shown: Panel =
      (panel === 'activate' && !enabled) || (panel === 'disable' && enabled) ? panel : 'none';
    body = (
      <>
        {keys && <RecoveryKeys keys={keys} onDone={() => setKeys(null)} />}

        <Card className="mb-4">
          <Card.Body>
            <h2 className="h5 d-flex align-items-center gap-2">
              {TWOFA_TEXTS.statusHeading}
              <Badge bg={enabled ? 'success' : 'secondary'}>
                {enabled ? TWOFA_TEXTS.on : TWOFA_TEXTS.off}
              </Badge>
            </h2>
            <p className="mb-2">{enabled ? TWOFA_TEXTS.statusOn : TWOFA_TEXTS.statusOff}</p>
            <p className="small text-body-secondary">{TWOFA_TEXTS.explain}</p>
            {enabled && (
              <p className="small">{TWOFA_TEXTS.keysLeft(status.data.recovery_keys_restantes)}</p>
            )}
            {shown === 'none' && (
              <div className="d-flex flex-wrap gap-2">
                {enabled ? (
                  <>
                    <Button variant="outline-danger" onClick={() => setPanel('disable')}>
                      {TWOFA_TEXTS.disable}
                    </Button>
                    <Button
                      variant="outline-primary"
                      disabled={generateKeys.isPending}
                      onClick={() => setConfirmingKeys(true)}
                    >
                      {TWOFA_TEXTS.regenerate}
                    </Button>
                  </>
                ) : (
                  <Button onClick={() => setPanel('activate')}>{TWOFA_TEXTS.activate}</Button>
                )}
              </div>
            )}
          </Card.Body>
        </Card>

        {shown === 'activate' && (
          <ActivationPanel
            onActivated={(newKeys) => {
              setKeys(newKeys);
              setPanel('none');
            }}
            onCancel={() => setPanel('none')}
          />
        )}
        {shown === 'disable' && (
          <DisablePanel
            onDisabled={() => {
              setKeys(null);
              setPanel('none');
            }}
            onCancel={() => setPanel('none')}
          />
        )}

        <PasskeysSection />

        <TrustedDevices devices={status.data.trusted_dispositivo_list} />

        <ConfirmDialog
          show={confirmingKeys}
          title={TWOFA_TEXTS.regenerateTitle}
          confirmLabel={TWOFA_TEXTS.confirmRegenerate}
          busy={generateKeys.isPending}
          onCancel={() => setConfirmingKeys(false)}
          onConfirm={() => {
            // Closed first: the server may ask for a fresh proof in its own dialog.
            setConfirmingKeys(false);
            generateKeys.mutate(undefined, {
              onSuccess: ({ recovery_keys }) => setKeys(recovery_keys),
            });
          }}
        >
          {TWOFA_TEXTS.regenerateWarning}
        </ConfirmDialog>
      </>
    );
  }

  return (
    <Page title={TWOFA_TEXTS.title}>
      {body}
      <MeBackNav />
    </Page>
  );
}

/** A data: URL of an image, as twofaGenerateQrCode sends it; nothing else goes in an <img>. */
function isImageDataUrl(value: string): boolean {
  return /^data:image\/(png|gif|jpeg|svg\+xml);base64,/i.test(value);
}

function ActivationPanel({
  onActivated,
  onCancel,
}: {
  onActivated: (keys: readonly string[]) => void;
  onCancel: () => void;
}) {
  const { mutate, data: qr, isError, isPending } = useGenerateQrCode();
  // Giving up the identity check (the step-up) gives up the activation.
  const generate = () =>
    mutate(undefined, { onError: (error) => isCancelled(error) && onCancel() });
  const started = useRef(false);
  useEffect(() => {
    // Once per panel (StrictMode runs effects twice in development).
    if (started.current) return;
    started.current = true;
    generate();
  });

  return (
    <Card className="mb-4">
      <Card.Body>
        <h2 className="h5">{TWOFA_TEXTS.activateTitle}</h2>
        {isError && <LoadError message={TWOFA_TEXTS.qrFailed} onRetry={() => generate()} />}
        {isPending && <p className="text-body-secondary">{TWOFA_TEXTS.qrLoading}</p>}
        {qr && (
          <ActivationForm key={qr.secret} qr={qr} onActivated={onActivated} onCancel={onCancel} />
        )}
        {!qr && (
          <Button variant="outline-secondary" onClick={onCancel}>
            {TWOFA_TEXTS.cancel}
          </Button>
        )}
      </Card.Body>
    </Card>
  );
}

function ActivationForm({
  qr,
  onActivated,
  onCancel,
}: {
  qr: TwofaQrCodeResponse;
  onActivated: (keys: readonly string[]) => void;
  onCancel: () => void;
}) {
  const validate = useValidateCode();
  const activate = useActivateTwofa();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(TwofaValidateCodeRequestSchema),
    defaultValues: { secret: qr.secret, code: '' },
  });
  const busy = validate.isPending || activate.isPending;

  const onSubmit = handleSubmit((values) =>
    validate.mutate(values, {
      onSuccess: ({ isValid }) => {
        if (!isValid) {
          setError(
            'code',
            { type: 'server', message: TWOFA_TEXTS.invalidCode },
            { shouldFocus: true },
          );
          return;
        }
        activate.mutate(
          { secret: values.secret },
          { onSuccess: ({ recovery_keys }) => onActivated(recovery_keys) },
        );
      },
      onError: (error) => {
        if (!applyFieldErrors(setError, error)) setFocus('code', { shouldSelect: true });
      },
    }),
  );

  return (
    <>
      <p>{TWOFA_TEXTS.scan}</p>
      {isImageDataUrl(qr.qr_code_base64) && (
        <img src={qr.qr_code_base64} alt={TWOFA_TEXTS.qrAlt} className="app-twofa-qr mb-3" />
      )}
      <p className="mb-1">{TWOFA_TEXTS.manual}</p>
      <p>
        <code className="app-twofa-secret user-select-all">{qr.secret}</code>
      </p>
      {errors.secret && <Alert variant="danger">{errors.secret.message}</Alert>}
      <form noValidate aria-label={TWOFA_TEXTS.activateTitle} onSubmit={(e) => void onSubmit(e)}>
        <TextField
          id="twofa-ativar-codigo"
          required
          label={TWOFA_TEXTS.code}
          hint={TWOFA_TEXTS.codeHint}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          className="mb-3 app-code-field"
          registration={register('code')}
          error={errors.code?.message}
        />
        <div className="d-flex flex-wrap gap-2">
          <Button type="submit" disabled={busy}>
            {TWOFA_TEXTS.confirmActivate}
          </Button>
          <Button variant="outline-secondary" disabled={busy} onClick={onCancel}>
            {TWOFA_TEXTS.cancel}
          </Button>
        </div>
      </form>
    </>
  );
}

function DisablePanel({ onDisabled, onCancel }: { onDisabled: () => void; onCancel: () => void }) {
  const disable = useDisableTwofa();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(TwofaDisableRequestSchema),
    defaultValues: { code: '' },
  });
  useEffect(() => setFocus('code'), [setFocus]);

  const onSubmit = handleSubmit((values) =>
    disable.mutate(values, {
      onSuccess: onDisabled,
      onError: (error) => {
        if (!applyFieldErrors(setError, error)) setFocus('code', { shouldSelect: true });
      },
    }),
  );

  return (
    <Card className="mb-4">
      <Card.Body>
        <h2 className="h5">{TWOFA_TEXTS.disableTitle}</h2>
        <form noValidate aria-label={TWOFA_TEXTS.disableTitle} onSubmit={(e) => void onSubmit(e)}>
          <TextField
            id="twofa-desativar-codigo"
            required
            label={TWOFA_TEXTS.disableCode}
            hint={TWOFA_TEXTS.disableHint}
            autoComplete="one-time-code"
            maxLength={TWOFA_CODE_MAX}
            className="mb-3 app-code-field"
            registration={register('code')}
            error={errors.code?.message}
          />
          <div className="d-flex flex-wrap gap-2">
            <Button type="submit" variant="danger" disabled={disable.isPending}>
              {TWOFA_TEXTS.confirmDisable}
            </Button>
            <Button variant="outline-secondary" disabled={disable.isPending} onClick={onCancel}>
              {TWOFA_TEXTS.cancel}
            </Button>
          </div>
        </form>
      </Card.Body>
    </Card>
  );
}

function TrustedDevices({ devices }: { devices: readonly TrustedDevice[] }) {
  const untrust = useUntrustDevice();
  return (
    <section className="mb-4" aria-labelledby="twofa-dispositivos">
      <h2 id="twofa-dispositivos" className="h5">
        {TWOFA_TEXTS.devicesTitle}
      </h2>
      {devices.length === 0 ? (
        <p className="text-body-secondary">{TWOFA_TEXTS.devicesNone}</p>
      ) : (
        <RecordTable
          label={TWOFA_TEXTS.devicesTitle}
          headers={[
            TWOFA_TEXTS.deviceName,
            TWOFA_TEXTS.deviceSince,
            TWOFA_TEXTS.deviceIp,
            TWOFA_TEXTS.deviceUntil,
          ]}
          actionsLabel={TWOFA_TEXTS.deviceActions}
        >
          {devices.map((device) => (
            <tr key={device.id}>
              <td>{device.nome}</td>
              <td {...cellLabel(TWOFA_TEXTS.deviceSince)}>{formatDateTime(device.trusted_datetime)}</td>
              <td {...cellLabel(TWOFA_TEXTS.deviceIp)}>{device.trusted_ip ?? MISSING}</td>
              <td {...cellLabel(TWOFA_TEXTS.deviceUntil)}>{formatDateTime(device.trusted_until)}</td>
              <td className="text-end">
                <Button
                  size="sm"
                  variant="outline-danger"
                  disabled={untrust.isPending && untrust.variables === device.id}
                  onClick={() =>
                    untrust.mutate(device.id, {
                      onSuccess: () => notify('success', TWOFA_TEXTS.removed),
                    })
                  }
                >
                  {TWOFA_TEXTS.remove}
                  <span className="visually-hidden"> {device.nome}</span>
                </Button>
              </td>
            </tr>
          ))}
        </RecordTable>
      )}
    </section>
  );
}
