import { useRef, useState } from 'react';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { parseInstant, toDateTimeString, type DateInterval } from '#shared/dates';
import { formatDate, formatDateTime, formatMoney, MISSING } from '#shared/format';
import {
  FATURA_SITUACOES,
  FaturaItemCreateSchema,
  FaturaItemUpdateSchema,
  FaturaSaveSchema,
  NfseCreateSchema,
  NfseUpdateSchema,
  STAFF_LEVEL,
} from '#shared/schemas/admin';
import { SITUACAO, situacaoDesc } from '#shared/schemas/invoices';
import { ConfirmDialog } from '#client/components/confirm-dialog';
import { CrudEdit, crudEntityKey } from '#client/components/crud/edit-page';
import {
  ChoiceField,
  DateField,
  DateTimeField,
  DecimalField,
  DropdownField,
  FileField,
  InputField,
  TextAreaField,
} from '#client/components/crud/form-fields';
import { CrudList, crudListKey } from '#client/components/crud/list-page';
import { DateIntervalPicker, defaultDateInterval } from '#client/components/widgets/date-interval-picker';
import { ReadonlyDecimal, Truncate } from '#client/components/widgets/readonly-values';
import { DateTimeInput } from '#client/components/widgets/date-inputs';
import { apiRequest } from '#client/lib/api-client';
import { notify } from '#client/lib/notices';
import { useSession } from '#client/lib/session';
import { API, adminPath, routeId } from '../admin-paths';
import { useCancelInvoice } from '../api/billing';
import { asPayload, formValuesOf } from '../form-values';
import type { ContratoEvento, Fatura, FaturaItem, Nfse, PixRecebimento } from '../types';
import { Screen } from './screen';
import { ADMIN_TEXTS } from '../texts';

// The situações staff may set, else the name every screen gives a code (4 and 9 come from the billing).
const situacaoText = (situacao: number) => FATURA_SITUACOES.find((s) => s.id === situacao)?.text ?? situacaoDesc(situacao);

/** The billing run's invoices (period or adjustments) keep their items: a correction is a cancellation (decision 102). */
const isBilled = (fatura: Pick<Fatura, 'origem'> | null | undefined) => Boolean(fatura && fatura.origem !== 'manual');

/** What the server cancels: an invoice not paid (held, issued or overdue). */
const CANCELLABLE: readonly number[] = [SITUACAO.aguardandoAprovacao, SITUACAO.fechada, SITUACAO.vencida];

export function InvoiceList() {
  const [interval, setInterval] = useState<DateInterval>(() => defaultDateInterval());
  // The due-date filter applies only while the picker is checked (§3 Date-interval value).
  const params = interval.checked
    ? { data_vencimento_inicio: interval.startDate, data_vencimento_fim: interval.endDate }
    : {};
  return (
    <Screen title={ADMIN_TEXTS.faturas}>
      <CrudList<Fatura>
        caption={ADMIN_TEXTS.faturas}
        base={API.fatura}
        params={params}
        addPath={adminPath('faturas', 'novo')}
        editPath={(row) => adminPath('faturas', row.id)}
        backPath={adminPath()}
        toolbar={
          <div className="d-flex flex-column gap-1">
            <DateIntervalPicker id="vencimento" label={ADMIN_TEXTS.vencimento} value={interval} onChange={setInterval} />
            {/* The list opens filtered to this month: say so, and offer the whole list (issue 38 item 4). */}
            {interval.checked && (
              <p className="small mb-0" role="status">
                {ADMIN_TEXTS.filtroVencimento(formatDate(interval.startDate), formatDate(interval.endDate))}{' '}
                <button type="button" className="btn btn-link btn-sm p-0 align-baseline" onClick={() => setInterval({ ...interval, checked: false })}>
                  {ADMIN_TEXTS.mostrarTodasAsFaturas}
                </button>
              </p>
            )}
          </div>
        }
        columns={[
          { header: ADMIN_TEXTS.id, cell: (row) => row.id },
          { header: ADMIN_TEXTS.cliente, cell: (row) => <Truncate text={row.cliente_razao_social} /> },
          { header: ADMIN_TEXTS.vencimento, cell: (row) => formatDate(row.data_vencimento) },
          { header: ADMIN_TEXTS.situacao, cell: (row) => situacaoText(row.situacao) },
          { header: ADMIN_TEXTS.valor, cell: (row) => formatMoney(row.valor) },
          { header: ADMIN_TEXTS.origem, cell: (row) => ADMIN_TEXTS.origens[row.origem] },
          { header: ADMIN_TEXTS.nfsE, cell: (row) => row.nf_numero ?? '-' },
        ]}
      />
    </Screen>
  );
}

const FATURA_FIELDS = ['gl_cliente_id', 'situacao', 'data_vencimento', 'datahora_confirmado', 'servico_discriminacao', 'data_competencia'] as const;

/**
 * The situações staff set, plus the invoice's own when the billing gave it another code (4, 9),
 * so the select names it instead of showing blank.
 */
function situacaoOptions(fatura: Fatura | null): readonly { id: number; text: string }[] {
  if (!fatura || FATURA_SITUACOES.some((s) => s.id === fatura.situacao)) return FATURA_SITUACOES;
  return [...FATURA_SITUACOES, { id: fatura.situacao, text: situacaoDesc(fatura.situacao) }];
}

/**
 * Issue 39 item 6: the account the invoice is billed to (so which PIX key a payer's bank shows
 * and whose webhook secret confirms it), and the invoice's PDF as the client downloads it.
 */
function BillingAccount({ fatura }: { fatura: Fatura }) {
  const { conta } = fatura;
  return (
    <section className="mt-4" aria-labelledby="cobranca-titulo">
      <h2 id="cobranca-titulo" className="h5">
        {ADMIN_TEXTS.cobranca}
      </h2>
      <dl className="row small mb-2">
        <dt className="col-sm-3">{ADMIN_TEXTS.contaDaFatura}</dt>
        <dd className="col-sm-9">
          {conta ? <Link to={adminPath('contas', conta.id)}>{conta.nome_exibicao}</Link> : ADMIN_TEXTS.semConta}
        </dd>
        {conta && (
          <>
            <dt className="col-sm-3">{ADMIN_TEXTS.chavePix}</dt>
            <dd className="col-sm-9">{conta.pix_chave ?? ADMIN_TEXTS.semChavePix}</dd>
            <dt className="col-sm-3">{ADMIN_TEXTS.webhookPix}</dt>
            <dd className="col-sm-9">
              {conta.tem_webhook_segredo ? ADMIN_TEXTS.webhookConfigurado : ADMIN_TEXTS.webhookNaoConfigurado}
            </dd>
          </>
        )}
      </dl>
      <a className="btn btn-sm btn-outline-primary" href={`${API.fatura}/${fatura.id}/fatura.pdf`} download>
        {ADMIN_TEXTS.faturaPdf}
      </a>
    </section>
  );
}

/**
 * Issue 20: staff register a payment they saw arrive: the invoice becomes 'Paga' with that date
 * and time, and the client's managers get the receipt (once, decided by the server).
 */
function PaymentReceived({ fatura }: { fatura: Fatura }) {
  const queryClient = useQueryClient();
  // The project's pt-BR date-time input (decision 051), not the browser's, whose order and AM/PM
  // follow the browser's language (issue 38 item 4); it starts at now.
  const [when, setWhen] = useState(() => toDateTimeString(new Date()) ?? '');
  const instant = parseInstant(when);
  const pay = useMutation({
    mutationFn: () =>
      apiRequest<null>('POST', `${API.fatura}/${fatura.id}/pagamento`, {
        datahora_confirmado: instant?.toISOString(),
      }),
    onSuccess: async (response) => {
      notify('success', response.message);
      await queryClient.invalidateQueries({ queryKey: crudEntityKey(API.fatura, fatura.id) });
    },
  });
  return (
    <section className="mt-4" aria-labelledby="pagamento-titulo">
      <h2 id="pagamento-titulo" className="h5">
        {ADMIN_TEXTS.registrarPagamento}
      </h2>
      <div className="d-flex flex-wrap align-items-end gap-2">
        <div>
          <label className="form-label" htmlFor="pagamento-datahora">
            {ADMIN_TEXTS.pagoEm}
          </label>
          <DateTimeInput
            id="pagamento-datahora"
            value={when}
            onChange={setWhen}
            invalid={!instant}
            describedBy={instant ? undefined : 'pagamento-datahora-erro'}
            required
          />
        </div>
        <button type="button" className="btn btn-success" disabled={pay.isPending || !instant} onClick={() => pay.mutate()}>
          {ADMIN_TEXTS.marcarComoPaga}
        </button>
      </div>
      {!instant && (
        <div id="pagamento-datahora-erro" className="invalid-feedback d-block">
          {ADMIN_TEXTS.pagoEmInvalido}
        </div>
      )}
    </section>
  );
}

/**
 * Staff cancel an unpaid invoice (supervisors, decision 102): it becomes 'Cancelada' and stays
 * listed. Asked first; the server's answer is the notice.
 */
function CancelInvoice({ fatura }: { fatura: Fatura }) {
  const cancel = useCancelInvoice(fatura.id);
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-outline-danger" disabled={cancel.isPending} onClick={() => setConfirming(true)}>
        {ADMIN_TEXTS.cancelarFatura}
      </button>
      <ConfirmDialog
        show={confirming}
        title={ADMIN_TEXTS.cancelarFaturaTitulo}
        confirmLabel={ADMIN_TEXTS.cancelarFatura}
        confirmVariant="danger"
        busy={cancel.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => cancel.mutate(undefined, { onSettled: () => setConfirming(false) })}
      >
        {ADMIN_TEXTS.cancelarFaturaTexto}
      </ConfirmDialog>
    </>
  );
}

/**
 * The invoice the edit page loaded, read from that page's own query (same key, no request of its
 * own): 'Excluir' and 'Salvar' are props of the page, and whether they show depends on it.
 */
function useLoadedFatura(id: number | null): Fatura | null {
  const query = useQuery({ queryKey: crudEntityKey(API.fatura, id), queryFn: skipToken });
  return (query.data as Fatura | null | undefined) ?? null;
}

export function InvoiceEdit() {
  const id = routeId(useParams().id);
  const session = useSession();
  const isSupervisor = (session.usuario?.nivel ?? Infinity) <= STAFF_LEVEL.supervisor;
  const loaded = useLoadedFatura(id);
  const billed = isBilled(loaded);
  return (
    <Screen title={id ? ADMIN_TEXTS.editarFatura : ADMIN_TEXTS.novaFatura}>
      <CrudEdit<typeof FaturaSaveSchema, Fatura>
        base={API.fatura}
        deleteTitle={(fatura) => ADMIN_TEXTS.excluirFatura(fatura.id, fatura.cliente_razao_social)}
        id={id}
        schema={FaturaSaveSchema}
        // The server refuses to delete the billing's invoices (hidden until the invoice says
        // which it is); a cancelled one is kept as it is.
        hideDelete={loaded === null || billed}
        hideSave={loaded?.situacao === SITUACAO.cancelada}
        empty={{ gl_cliente_id: '', situacao: '5', data_vencimento: '', datahora_confirmado: '', servico_discriminacao: '', data_competencia: '' }}
        toForm={(entity) => formValuesOf(entity, FATURA_FIELDS)}
        toPayload={asPayload}
        navBackRoute={adminPath('faturas')}
        extra={(fatura) => (
          <>
            <p className="mt-3">
              {ADMIN_TEXTS.valorTotalSomaDosItens}{' '}<strong>{formatMoney(fatura.valor)}</strong>
            </p>
            <BillingAccount fatura={fatura} />
            {(fatura.situacao === 5 || fatura.situacao === 8) && <PaymentReceived fatura={fatura} />}
            {isSupervisor && CANCELLABLE.includes(fatura.situacao) && (
              <div className="mt-3">
                <CancelInvoice fatura={fatura} />
              </div>
            )}
            <section className="mt-4" aria-labelledby="itens-titulo">
              <h2 id="itens-titulo" className="h5">
                {ADMIN_TEXTS.itens}
              </h2>
              {isBilled(fatura) && <p className="text-body-secondary">{ADMIN_TEXTS.faturaDoFaturamento}</p>}
              <CrudList<FaturaItem>
                child
                caption={ADMIN_TEXTS.itensDaFatura}
                base={API.faturaItem}
                params={{ pg_fatura_id: fatura.id }}
                // No add, and no item page (where edit and delete are): the server refuses them.
                addPath={isBilled(fatura) ? undefined : adminPath('faturas', fatura.id, 'itens', 'novo')}
                editPath={isBilled(fatura) ? undefined : (row) => adminPath('faturas', fatura.id, 'itens', row.id)}
                columns={[
                  { header: ADMIN_TEXTS.codigo, cell: (row) => row.codigo ?? '-' },
                  { header: ADMIN_TEXTS.descricao, cell: (row) => <Truncate text={row.descricao} /> },
                  { header: ADMIN_TEXTS.unidade, cell: (row) => row.unidade ?? '-' },
                  { header: ADMIN_TEXTS.qtde, cell: (row) => <ReadonlyDecimal value={row.qtde} /> },
                  { header: ADMIN_TEXTS.valor, cell: (row) => formatMoney(row.valor) },
                ]}
              />
            </section>
            <section className="mt-4" aria-labelledby="nfse-titulo">
              <h2 id="nfse-titulo" className="h5">
                {ADMIN_TEXTS.nfsE}
              </h2>
              <CrudList<Nfse>
                child
                caption={ADMIN_TEXTS.nfsEDaFatura}
                base={API.nfse}
                params={{ pg_fatura_id: fatura.id }}
                addPath={fatura.nf_numero ? undefined : adminPath('faturas', fatura.id, 'nfse', 'novo')}
                editPath={(row) => adminPath('faturas', fatura.id, 'nfse', row.id)}
                columns={[
                  { header: ADMIN_TEXTS.numero, cell: (row) => row.nf_numero },
                  { header: ADMIN_TEXTS.emissao, cell: (row) => formatDateTime(row.datahora_emissao) },
                  { header: ADMIN_TEXTS.pdf, cell: (row) => (row.pdf_arquivo_id ? ADMIN_TEXTS.sim : ADMIN_TEXTS.nao) },
                  { header: ADMIN_TEXTS.xml, cell: (row) => (row.xml_arquivo_id ? ADMIN_TEXTS.sim : ADMIN_TEXTS.nao) },
                ]}
              />
            </section>
          </>
        )}
      >
        {(form, entity) => (
          <div className="row">
            {entity && (
              <p className="col-12 mb-3">
                {ADMIN_TEXTS.origem}: <strong>{ADMIN_TEXTS.origens[entity.origem]}</strong>
              </p>
            )}
            <DropdownField
              form={form}
              name="gl_cliente_id"
              label={ADMIN_TEXTS.cliente}
              required
              source={`${API.cliente}/dropdown`}
              initial={entity ? { id: entity.gl_cliente_id, text: entity.cliente_razao_social } : null}
            />
            <ChoiceField form={form} name="situacao" label={ADMIN_TEXTS.situacao} required options={situacaoOptions(entity)} />
            <DateField form={form} name="data_vencimento" label={ADMIN_TEXTS.vencimento} required />
            <DateTimeField form={form} name="datahora_confirmado" label={ADMIN_TEXTS.pagoEm} />
            <DateField form={form} name="data_competencia" label={ADMIN_TEXTS.competencia} />
            <TextAreaField form={form} name="servico_discriminacao" label={ADMIN_TEXTS.descricaoDosServicos} />
          </div>
        )}
      </CrudEdit>
    </Screen>
  );
}

const faturaParent = (faturaId: number) => ({
  base: API.fatura,
  id: faturaId,
  render: (fatura: Record<string, unknown>) => (
    <p className="lead mb-0">
      {ADMIN_TEXTS.invoiceOf(String(fatura.id))} <strong>{String(fatura.cliente_razao_social)}</strong>
      {ADMIN_TEXTS.dueOn(formatDate(String(fatura.data_vencimento)))}
    </p>
  ),
});

const ITEM_FIELDS = ['codigo', 'descricao', 'unidade', 'qtde', 'valor'] as const;

export function InvoiceItemEdit() {
  const params = useParams();
  const id = routeId(params.id);
  const faturaId = Number(params.parentId);
  const back = adminPath('faturas', faturaId);
  const fields = (form: Parameters<Parameters<typeof CrudEdit<typeof FaturaItemUpdateSchema, FaturaItem>>[0]['children']>[0]) => (
    <div className="row">
      <InputField form={form} name="codigo" label={ADMIN_TEXTS.codigo} />
      <InputField form={form} name="descricao" label={ADMIN_TEXTS.descricao} required />
      <InputField form={form} name="unidade" label={ADMIN_TEXTS.unidade} />
      <InputField form={form} name="qtde" label={ADMIN_TEXTS.qtde} type="number" />
      <DecimalField form={form} name="valor" label={ADMIN_TEXTS.valorR} />
    </div>
  );
  return (
    <Screen title={id ? ADMIN_TEXTS.editarItemDaFatura : ADMIN_TEXTS.novoItemDaFatura}>
      {id === null ? (
        <CrudEdit<typeof FaturaItemCreateSchema, FaturaItem>
          base={API.faturaItem}
          id={null}
          schema={FaturaItemCreateSchema}
          parent={faturaParent(faturaId)}
          empty={{ pg_fatura_id: faturaId, codigo: '', descricao: '', unidade: 'UN', qtde: '1', valor: '' }}
          toForm={(entity) => formValuesOf(entity, ITEM_FIELDS)}
          toPayload={asPayload}
          navBackRoute={back}
        >
          {(form) => fields(form as never)}
        </CrudEdit>
      ) : (
        <CrudEdit<typeof FaturaItemUpdateSchema, FaturaItem>
          base={API.faturaItem}
          deleteTitle={(item) => ADMIN_TEXTS.excluirItem(item.descricao)}
          id={id}
          schema={FaturaItemUpdateSchema}
          parent={faturaParent(faturaId)}
          empty={{}}
          toForm={(entity) => formValuesOf(entity, ITEM_FIELDS)}
          toPayload={asPayload}
          navBackRoute={back}
        >
          {(form) => fields(form)}
        </CrudEdit>
      )}
    </Screen>
  );
}

/** The multipart variant (§7): the note's fields plus its PDF and XML files. */
function nfseFormData(values: Record<string, unknown>, files: { pdf: File | null; xml: File | null }): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === null || value === undefined) continue;
    if (value instanceof Date) data.append(key, value.toISOString());
    else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') data.append(key, String(value));
  }
  if (files.pdf) data.append('pdf', files.pdf);
  if (files.xml) data.append('xml', files.xml);
  return data;
}

const NFSE_FIELDS = ['nf_numero', 'datahora_emissao', 'chave_acesso', 'url_visualizar'] as const;

export function NfseEdit() {
  const params = useParams();
  const id = routeId(params.id);
  const faturaId = Number(params.parentId);
  const back = adminPath('faturas', faturaId);
  const files = useRef<{ pdf: File | null; xml: File | null }>({ pdf: null, xml: null });
  const fields = (form: Parameters<Parameters<typeof CrudEdit<typeof NfseUpdateSchema, Nfse>>[0]['children']>[0], entity: Nfse | null) => (
    <div className="row">
      <InputField form={form} name="nf_numero" label={ADMIN_TEXTS.numeroDaNfsE} required />
      <DateTimeField form={form} name="datahora_emissao" label={ADMIN_TEXTS.emissao} required />
      <InputField form={form} name="chave_acesso" label={ADMIN_TEXTS.chaveDeAcesso50Digitos} />
      <InputField form={form} name="url_visualizar" label={ADMIN_TEXTS.enderecoNaPrefeitura} type="url" />
      <FileField
        id="arquivo-pdf"
        label={ADMIN_TEXTS.pdfDaNfsE}
        accept="application/pdf,.pdf"
        hint={entity?.pdf_arquivo_id ? ADMIN_TEXTS.jaHaUmPdfEnvieOutroParaTrocar : ADMIN_TEXTS.ate5Mb}
        onFile={(file) => (files.current.pdf = file)}
      />
      <FileField
        id="arquivo-xml"
        label={ADMIN_TEXTS.xmlDaNfsE}
        accept="application/xml,text/xml,.xml"
        hint={entity?.xml_arquivo_id ? ADMIN_TEXTS.jaHaUmXmlEnvieOutroParaTrocar : ADMIN_TEXTS.ate5Mb}
        onFile={(file) => (files.current.xml = file)}
      />
    </div>
  );
  return (
    <Screen title={id ? ADMIN_TEXTS.editarNfsE : ADMIN_TEXTS.novaNfsE}>
      {id === null ? (
        <CrudEdit<typeof NfseCreateSchema, Nfse>
          base={API.nfse}
          id={null}
          schema={NfseCreateSchema}
          parent={faturaParent(faturaId)}
          empty={{ pg_fatura_id: faturaId, nf_numero: '', datahora_emissao: '', chave_acesso: '', url_visualizar: '' }}
          toForm={(entity) => formValuesOf(entity, NFSE_FIELDS)}
          toPayload={(values) => nfseFormData(values, files.current)}
          navBackRoute={back}
        >
          {(form, entity) => fields(form as never, entity)}
        </CrudEdit>
      ) : (
        <CrudEdit<typeof NfseUpdateSchema, Nfse>
          base={API.nfse}
          deleteTitle={(nfse) => ADMIN_TEXTS.excluirNfse(nfse.nf_numero)}
          id={id}
          schema={NfseUpdateSchema}
          parent={faturaParent(faturaId)}
          empty={{}}
          toForm={(entity) => formValuesOf(entity, NFSE_FIELDS)}
          toPayload={(values) => nfseFormData(values, files.current)}
          navBackRoute={back}
        >
          {(form, entity) => fields(form, entity)}
        </CrudEdit>
      )}
    </Screen>
  );
}

/** Pending plan changes (gl_contrato_evento): read here, cancelled by their own call. */
export function ContractEventList() {
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: (id: number) => apiRequest<null>('POST', `${API.contratoEvento}/${id}/cancelar`),
    onSuccess: async (response) => {
      notify('success', response.message);
      await queryClient.invalidateQueries({ queryKey: crudListKey(API.contratoEvento) });
    },
  });
  return (
    <Screen title={ADMIN_TEXTS.mudancasDePlanoPendentes}>
      <CrudList<ContratoEvento>
        caption={ADMIN_TEXTS.mudancasDePlanoPendentes}
        base={API.contratoEvento}
        params={{ situacao: 'pendente' }}
        backPath={adminPath()}
        columns={[
          { header: ADMIN_TEXTS.cliente, cell: (row) => row.cliente_razao_social },
          { header: ADMIN_TEXTS.novoPlano, cell: (row) => row.plano_nome_exibicao },
          { header: ADMIN_TEXTS.pagamento, cell: (row) => row.cobranca_tipo_desc },
          { header: ADMIN_TEXTS.conta, cell: (row) => row.conta_nome_exibicao ?? 'Gratuito' },
          { header: ADMIN_TEXTS.quando, cell: (row) => (row.imediato ? 'Imediatamente' : `No fechamento (${formatDate(row.agendamento_data)})`) },
          { header: ADMIN_TEXTS.pedidoEm, cell: (row) => formatDateTime(row.datahora_criado) },
          {
            header: ADMIN_TEXTS.comprovantes,
            cell: (row) =>
              row.comprovantes.length === 0
                ? MISSING
                : row.comprovantes.map((proof) => (
                    <a key={proof.id} className="d-block" href={`${API.contratoEvento}/${row.id}/comprovantes/${proof.id}`} download>
                      {proof.nome_original}
                    </a>
                  )),
          },
          {
            header: ADMIN_TEXTS.acoes,
            cell: (row) => (
              <button type="button" className="btn btn-sm btn-outline-danger" disabled={cancel.isPending} onClick={() => cancel.mutate(row.id)}>
                {ADMIN_TEXTS.cancelarMudanca}
              </button>
            ),
          },
        ]}
      />
    </Screen>
  );
}

const RESULTADO_TEXTS: Record<PixRecebimento['resultado'], string> = {
  confirmada: 'Fatura paga',
  ja_paga: 'Fatura já estava paga',
  valor_divergente: 'Valor diferente da fatura',
  fatura_desconhecida: 'Referência desconhecida',
};

/** Issue 20: the PSP's notified payments; the invoice's link opens it when there is one. */
export function PixRecebimentoList() {
  return (
    <Screen title={ADMIN_TEXTS.recebimentosPix}>
      <p className="text-body-secondary">{ADMIN_TEXTS.recebimentosPixIntro}</p>
      <CrudList<PixRecebimento>
        caption={ADMIN_TEXTS.recebimentosPix}
        base={API.pixRecebimento}
        backPath={adminPath()}
        columns={[
          { header: ADMIN_TEXTS.pagoEm, cell: (row) => formatDateTime(row.datahora_pagamento) },
          { header: ADMIN_TEXTS.valor, cell: (row) => formatMoney(row.valor) },
          { header: ADMIN_TEXTS.resultado, cell: (row) => RESULTADO_TEXTS[row.resultado] },
          {
            header: ADMIN_TEXTS.fatura,
            cell: (row) =>
              row.pg_fatura_id ? (
                <Link to={adminPath('faturas', row.pg_fatura_id)}>{`${row.pg_fatura_id} · ${row.cliente_nome ?? MISSING}`}</Link>
              ) : (
                (row.txid ?? MISSING)
              ),
          },
          { header: ADMIN_TEXTS.conta, cell: (row) => row.conta_nome },
          { header: ADMIN_TEXTS.idFimAFim, cell: (row) => <code>{row.end_to_end_id}</code> },
        ]}
      />
    </Screen>
  );
}
