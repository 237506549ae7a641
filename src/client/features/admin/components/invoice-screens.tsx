import { useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { DateInterval } from '#shared/dates';
import { formatDate, formatDateTime, formatMoney, MISSING } from '#shared/format';
import {
  FATURA_SITUACOES,
  FaturaItemCreateSchema,
  FaturaItemUpdateSchema,
  FaturaSaveSchema,
  NfseCreateSchema,
  NfseUpdateSchema,
} from '#shared/schemas/admin';
import { CrudEdit } from '../../../components/crud/edit-page';
import {
  ChoiceField,
  DateField,
  DateTimeField,
  DecimalField,
  DropdownField,
  FileField,
  InputField,
  TextAreaField,
} from '../../../components/crud/form-fields';
import { CrudList, crudListKey } from '../../../components/crud/list-page';
import { DateIntervalPicker, defaultDateInterval } from '../../../components/widgets/date-interval-picker';
import { ReadonlyDecimal, Truncate } from '../../../components/widgets/readonly-values';
import { apiRequest } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { API, adminPath, routeId } from '../admin-paths';
import { asPayload, formValuesOf } from '../form-values';
import type { ContratoEvento, Fatura, FaturaItem, Nfse } from '../types';
import { Screen } from './screen';

const situacaoText = (situacao: number) => FATURA_SITUACOES.find((s) => s.id === situacao)?.text ?? String(situacao);

export function FaturaList() {
  const [interval, setInterval] = useState<DateInterval>(() => defaultDateInterval());
  // The due-date filter applies only while the picker is checked (§3 Date-interval value).
  const params = interval.checked
    ? { data_vencimento_inicio: interval.startDate, data_vencimento_fim: interval.endDate }
    : {};
  return (
    <Screen title="Faturas">
      <CrudList<Fatura>
        caption="Faturas"
        base={API.fatura}
        params={params}
        addPath={adminPath('faturas', 'novo')}
        editPath={(row) => adminPath('faturas', row.id)}
        backPath={adminPath()}
        toolbar={<DateIntervalPicker id="vencimento" label="Vencimento" value={interval} onChange={setInterval} />}
        columns={[
          { header: 'ID', cell: (row) => row.id },
          { header: 'Cliente', cell: (row) => <Truncate text={row.cliente_razao_social} /> },
          { header: 'Vencimento', cell: (row) => formatDate(row.data_vencimento) },
          { header: 'Situação', cell: (row) => situacaoText(row.situacao) },
          { header: 'Valor', cell: (row) => formatMoney(row.valor) },
          { header: 'NFS-e', cell: (row) => row.nf_numero ?? '-' },
        ]}
      />
    </Screen>
  );
}

const FATURA_FIELDS = ['gl_cliente_id', 'situacao', 'data_vencimento', 'datahora_confirmado', 'servico_discriminacao', 'data_competencia'] as const;

export function FaturaEdit() {
  const id = routeId(useParams().id);
  return (
    <Screen title={id ? 'Editar fatura' : 'Nova fatura'}>
      <CrudEdit<typeof FaturaSaveSchema, Fatura>
        base={API.fatura}
        id={id}
        schema={FaturaSaveSchema}
        empty={{ gl_cliente_id: '', situacao: '5', data_vencimento: '', datahora_confirmado: '', servico_discriminacao: '', data_competencia: '' }}
        toForm={(entity) => formValuesOf(entity, FATURA_FIELDS)}
        toPayload={asPayload}
        navBackRoute={adminPath('faturas')}
        extra={(fatura) => (
          <>
            <p className="mt-3">
              Valor total (soma dos itens): <strong>{formatMoney(fatura.valor)}</strong>
            </p>
            <section className="mt-4" aria-labelledby="itens-titulo">
              <h2 id="itens-titulo" className="h5">
                Itens
              </h2>
              <CrudList<FaturaItem>
                child
                caption="Itens da fatura"
                base={API.faturaItem}
                params={{ pg_fatura_id: fatura.id }}
                addPath={adminPath('faturas', fatura.id, 'itens', 'novo')}
                editPath={(row) => adminPath('faturas', fatura.id, 'itens', row.id)}
                columns={[
                  { header: 'Código', cell: (row) => row.codigo ?? '-' },
                  { header: 'Descrição', cell: (row) => <Truncate text={row.descricao} /> },
                  { header: 'Unidade', cell: (row) => row.unidade ?? '-' },
                  { header: 'Qtde.', cell: (row) => <ReadonlyDecimal value={row.qtde} /> },
                  { header: 'Valor', cell: (row) => formatMoney(row.valor) },
                ]}
              />
            </section>
            <section className="mt-4" aria-labelledby="nfse-titulo">
              <h2 id="nfse-titulo" className="h5">
                NFS-e
              </h2>
              <CrudList<Nfse>
                child
                caption="NFS-e da fatura"
                base={API.nfse}
                params={{ pg_fatura_id: fatura.id }}
                addPath={fatura.nf_numero ? undefined : adminPath('faturas', fatura.id, 'nfse', 'novo')}
                editPath={(row) => adminPath('faturas', fatura.id, 'nfse', row.id)}
                columns={[
                  { header: 'Número', cell: (row) => row.nf_numero },
                  { header: 'Emissão', cell: (row) => formatDateTime(row.datahora_emissao) },
                  { header: 'PDF', cell: (row) => (row.pdf_arquivo_id ? 'Sim' : 'Não') },
                  { header: 'XML', cell: (row) => (row.xml_arquivo_id ? 'Sim' : 'Não') },
                ]}
              />
            </section>
          </>
        )}
      >
        {(form, entity) => (
          <div className="row">
            <DropdownField
              form={form}
              name="gl_cliente_id"
              label="Cliente"
              required
              source={`${API.cliente}/dropdown`}
              initial={entity ? { id: entity.gl_cliente_id, text: entity.cliente_razao_social } : null}
            />
            <ChoiceField form={form} name="situacao" label="Situação" required options={FATURA_SITUACOES} />
            <DateField form={form} name="data_vencimento" label="Vencimento" required />
            <DateTimeField form={form} name="datahora_confirmado" label="Pago em" />
            <DateField form={form} name="data_competencia" label="Competência" />
            <TextAreaField form={form} name="servico_discriminacao" label="Descrição dos Serviços" />
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
      Fatura {String(fatura.id)} de <strong>{String(fatura.cliente_razao_social)}</strong>, vencimento {formatDate(String(fatura.data_vencimento))}
    </p>
  ),
});

const ITEM_FIELDS = ['codigo', 'descricao', 'unidade', 'qtde', 'valor'] as const;

export function FaturaItemEdit() {
  const params = useParams();
  const id = routeId(params.id);
  const faturaId = Number(params.parentId);
  const back = adminPath('faturas', faturaId);
  const fields = (form: Parameters<Parameters<typeof CrudEdit<typeof FaturaItemUpdateSchema, FaturaItem>>[0]['children']>[0]) => (
    <div className="row">
      <InputField form={form} name="codigo" label="Código" />
      <InputField form={form} name="descricao" label="Descrição" required />
      <InputField form={form} name="unidade" label="Unidade" />
      <InputField form={form} name="qtde" label="Qtde." type="number" />
      <DecimalField form={form} name="valor" label="Valor (R$)" />
    </div>
  );
  return (
    <Screen title={id ? 'Editar item da fatura' : 'Novo item da fatura'}>
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
      <InputField form={form} name="nf_numero" label="Número da NFS-e" required />
      <DateTimeField form={form} name="datahora_emissao" label="Emissão" required />
      <InputField form={form} name="chave_acesso" label="Chave de acesso (50 dígitos)" />
      <InputField form={form} name="url_visualizar" label="Endereço na prefeitura" type="url" />
      <FileField
        id="arquivo-pdf"
        label="PDF da NFS-e"
        accept="application/pdf,.pdf"
        hint={entity?.pdf_arquivo_id ? 'Já há um PDF; envie outro para trocar.' : 'Até 5 MB.'}
        onFile={(file) => (files.current.pdf = file)}
      />
      <FileField
        id="arquivo-xml"
        label="XML da NFS-e"
        accept="application/xml,text/xml,.xml"
        hint={entity?.xml_arquivo_id ? 'Já há um XML; envie outro para trocar.' : 'Até 5 MB.'}
        onFile={(file) => (files.current.xml = file)}
      />
    </div>
  );
  return (
    <Screen title={id ? 'Editar NFS-e' : 'Nova NFS-e'}>
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
export function ContratoEventoList() {
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: (id: number) => apiRequest<null>('POST', `${API.contratoEvento}/${id}/cancelar`),
    onSuccess: async (response) => {
      notify('success', response.message);
      await queryClient.invalidateQueries({ queryKey: crudListKey(API.contratoEvento) });
    },
  });
  return (
    <Screen title="Mudanças de plano pendentes">
      <CrudList<ContratoEvento>
        caption="Mudanças de plano pendentes"
        base={API.contratoEvento}
        params={{ situacao: 'pendente' }}
        backPath={adminPath()}
        columns={[
          { header: 'Cliente', cell: (row) => row.cliente_razao_social },
          { header: 'Novo plano', cell: (row) => row.plano_nome_exibicao },
          { header: 'Pagamento', cell: (row) => row.cobranca_tipo_desc },
          { header: 'Conta', cell: (row) => row.conta_nome_exibicao ?? 'Gratuito' },
          { header: 'Quando', cell: (row) => (row.imediato ? 'Imediatamente' : `No fechamento (${formatDate(row.agendamento_data)})`) },
          { header: 'Pedido em', cell: (row) => formatDateTime(row.datahora_criado) },
          {
            header: 'Comprovantes',
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
            header: 'Ações',
            cell: (row) => (
              <button type="button" className="btn btn-sm btn-outline-danger" disabled={cancel.isPending} onClick={() => cancel.mutate(row.id)}>
                Cancelar mudança
              </button>
            ),
          },
        ]}
      />
    </Screen>
  );
}
