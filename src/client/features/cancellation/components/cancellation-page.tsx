import { zodResolver } from '@hookform/resolvers/zod';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { formatDate } from '#shared/format';
import { CANCELLATION_REASONS, CANCELLATION_TEXT_MAX, CancellationRequestSchema, type CancelamentoDto, type CancellationTermsDto } from '#shared/schemas/cancellation';
import { FieldFrame, fieldControlProps } from '#client/components/field-frame';
import { LoadError } from '#client/components/load-error';
import { Page } from '#client/components/page';
import { PageLoading } from '#client/components/page-loading';
import { TextField } from '#client/components/text-field';
import { applyFieldErrors } from '#client/lib/api-client';
import { useSession } from '#client/lib/session';
import { parsePid, pathTo } from '#client/paths';
import { useCancellationTerms, useRequestCancellation } from '../api/cancellation';
import { CANCELLATION_TEXTS as TEXTS } from '../texts';
import { PendingCancellationBanner } from './pending-cancellation-banner';

/** The form's values: the reason ('' for none chosen), the text, and when ('fim' or 'agora'). */
const FormSchema = z.object({
  motivo: z.string(),
  motivo_texto: CancellationRequestSchema.shape.motivo_texto,
  quando: z.enum(['fim', 'agora']),
});

/** What the cancellation made, shown in place of the form: its protocol above all. */
function Done({ done }: { done: CancelamentoDto }) {
  return (
    <section aria-labelledby="cancelamento-feito" role="status">
      <h2 id="cancelamento-feito" className="h4">
        {done.situacao === 'pendente' ? TEXTS.doneTitle : TEXTS.cancelledTitle}
      </h2>
      <p className="fs-5">
        {TEXTS.protocol}: <strong data-testid="protocolo">{done.protocolo}</strong>
      </p>
      <p>{done.situacao === 'pendente' ? TEXTS.accessUntil(formatDate(done.acesso_ate)) : TEXTS.accessEndsToday}</p>
    </section>
  );
}

function CancellationForm({ terms, request }: { terms: CancellationTermsDto; request: ReturnType<typeof useRequestCancellation> }) {
  const form = useForm({
    resolver: zodResolver(FormSchema),
    defaultValues: { motivo: '', motivo_texto: '', quando: 'fim' as const },
  });
  const quando = useWatch({ control: form.control, name: 'quando' });
  const now = terms.arrependimento || quando === 'agora';
  const fim = formatDate(terms.periodo_fim);
  const onSubmit = form.handleSubmit((values) =>
    request.mutate(
      {
        motivo: (values.motivo || 'nao_informado') as z.input<typeof CancellationRequestSchema>['motivo'],
        motivo_texto: values.motivo_texto,
        imediato: terms.arrependimento || values.quando === 'agora',
      },
      { onError: (error) => applyFieldErrors(form.setError, error) },
    ),
  );
  return (
    <form noValidate aria-label={TEXTS.title} onSubmit={(event) => void onSubmit(event)}>
      {terms.arrependimento && terms.arrependimento_ate ? (
        <Alert variant="info">{TEXTS.withdrawal(formatDate(terms.arrependimento_ate))}</Alert>
      ) : (
        <fieldset className="mb-3">
          <legend className="h6">{TEXTS.when}</legend>
          <div className="form-check">
            <input className="form-check-input" type="radio" id="cancelar-fim" value="fim" {...form.register('quando')} />
            <label className="form-check-label" htmlFor="cancelar-fim">
              {TEXTS.atClose(fim)}
            </label>
          </div>
          <div className="form-check">
            <input className="form-check-input" type="radio" id="cancelar-agora" value="agora" {...form.register('quando')} />
            <label className="form-check-label" htmlFor="cancelar-agora">
              {TEXTS.now}
            </label>
          </div>
        </fieldset>
      )}
      <section aria-labelledby="cancelar-consequencias" className="mb-3">
        <h2 id="cancelar-consequencias" className="h6">
          {TEXTS.whatHappens}
        </h2>
        <ul className="mb-0">
          <li>{now ? TEXTS.accessEndsToday : TEXTS.accessUntil(fim)}</li>
          <li>{terms.arrependimento ? TEXTS.withdrawalRefund : TEXTS.openInvoices(terms.faturas_em_aberto)}</li>
          {!terms.arrependimento && terms.faturas_seguintes > 0 && <li>{TEXTS.laterInvoices(terms.faturas_seguintes)}</li>}
          <li>{TEXTS.noNewInvoice}</li>
          {!now && <li>{TEXTS.undoUntil(fim)}</li>}
        </ul>
      </section>
      <FieldFrame id="cancelar-motivo" label={TEXTS.reason} error={form.formState.errors.motivo?.message} className="mb-3">
        <select {...form.register('motivo')} {...fieldControlProps('cancelar-motivo', { error: form.formState.errors.motivo?.message, baseClass: 'form-select' })}>
          <option value="">{TEXTS.reasonNone}</option>
          {CANCELLATION_REASONS.map((reason) => (
            <option key={reason.id} value={reason.id}>
              {reason.text}
            </option>
          ))}
        </select>
      </FieldFrame>
      <TextField
        id="cancelar-texto"
        label={TEXTS.details}
        multiline
        maxLength={CANCELLATION_TEXT_MAX}
        registration={form.register('motivo_texto')}
        error={form.formState.errors.motivo_texto?.message}
      />
      <div className="d-flex flex-wrap gap-2">
        <Button type="submit" variant="danger" disabled={request.isPending}>
          {TEXTS.confirm}
        </Button>
        <Link className="btn btn-outline-secondary" to={pathTo('dashboard')}>
          {TEXTS.back}
        </Link>
      </div>
    </form>
  );
}

/** The active contract's cancellation: the form, the pending one, or what was just made. */
function Cancellation({ pid }: { pid: number }) {
  const session = useSession();
  const contratoId = session.produto?.id === pid ? (session.contrato?.id ?? null) : null;
  const terms = useCancellationTerms(contratoId);
  // The request lives here, not in the form: its answer (the protocol) stays on screen however the
  // terms and the session change once it is made (the form gives way to the pending banner).
  const request = useRequestCancellation(contratoId ?? 0);
  const done = request.data?.data ?? null;
  if (done) {
    return (
      <>
        <Done done={done} />
        {done.situacao === 'pendente' && contratoId !== null && <PendingCancellationBanner contratoId={contratoId} onUndone={() => request.reset()} />}
        <Link className="btn btn-primary" to={pathTo('dashboard')}>
          {TEXTS.back}
        </Link>
      </>
    );
  }
  if (contratoId === null || terms.data?.ativo === false) {
    return (
      <Alert variant="info">
        {TEXTS.noContract}{' '}
        <Link className="alert-link" to={pathTo('planos_produto', { pid })}>
          {TEXTS.seePlans}
        </Link>
      </Alert>
    );
  }
  if (terms.isPending) return <PageLoading />;
  if (terms.isError) return <LoadError message={TEXTS.loadFailed} onRetry={() => void terms.refetch()} />;
  if (terms.data.pendente) return <PendingCancellationBanner contratoId={contratoId} />;
  if (!terms.data.pode_cancelar) return <Alert variant="warning">{TEXTS.managerOnly}</Alert>;
  return (
    <>
      <p className="lead">{TEXTS.intro(terms.data.plano_nome)}</p>
      <CancellationForm terms={terms.data} request={request} />
    </>
  );
}

/** cancelamento (ours, /produto/{pid}/cancelamento): cancel the subscription online (issue 41). */
export function CancellationPage() {
  const pid = parsePid(useParams().pid);
  return <Page title={TEXTS.title}>{pid !== null && <Cancellation pid={pid} />}</Page>;
}
