import { useParams } from 'react-router';
import { DocumentoVersaoCreateSchema } from '#shared/schemas/admin';
import { formatDateTime, MISSING } from '#shared/format';
import { CrudEdit } from '#client/components/crud/edit-page';
import { ChoiceField, InputField, TextAreaField } from '#client/components/crud/form-fields';
import { CrudList } from '#client/components/crud/list-page';
import { API, adminPath, routeId } from '../admin-paths';
import { asPayload, formValuesOf } from '../form-values';
import type { DocumentoVersao, PrivacidadePedido } from '../types';
import { Screen } from './screen';
import { ADMIN_TEXTS } from '../texts';

/** Issue 19: the people's privacy requests, and the legal pages' versions, for staff. */
const TIPO_TEXTS = { exportacao: 'Cópia dos dados', exclusao: 'Exclusão da conta' } as const;
const SITUACAO_TEXTS: Record<string, string> = {
  pendente: 'Pendente',
  processando: 'Em preparo',
  pronto: 'Pronto para baixar',
  baixado: 'Baixado',
  expirado: 'Expirado',
  agendado: 'Agendado',
  cancelado: 'Cancelado',
  concluido: 'Concluído',
};
const DOCUMENTOS = [
  { id: 'termos_uso', text: 'Termos de Uso' },
  { id: 'politica_privacidade', text: 'Política de Privacidade' },
] as const;
const documentoText = (documento: string) =>
  DOCUMENTOS.find((option) => option.id === documento)?.text ?? documento;
const when = (value: string | null) => (value ? formatDateTime(value) : MISSING);

export function PrivacyRequestList() {
  return (
    <Screen title={ADMIN_TEXTS.pedidosDePrivacidade}>
      <CrudList<PrivacidadePedido>
        caption={ADMIN_TEXTS.pedidosDePrivacidade}
        base={API.privacidadePedido}
        backPath={adminPath()}
        columns={[
          { header: ADMIN_TEXTS.pedidoEm, cell: (row) => formatDateTime(row.datahora_criado) },
          {
            header: ADMIN_TEXTS.pessoa,
            cell: (row) => `${row.usuario_nome} (${row.usuario_email})`,
          },
          { header: ADMIN_TEXTS.tipo, cell: (row) => TIPO_TEXTS[row.tipo] },
          {
            header: ADMIN_TEXTS.situacao,
            cell: (row) => SITUACAO_TEXTS[row.situacao] ?? row.situacao,
          },
          { header: ADMIN_TEXTS.agendadoPara, cell: (row) => when(row.datahora_agendado) },
          { header: ADMIN_TEXTS.concluidoEm, cell: (row) => when(row.datahora_concluido) },
          { header: ADMIN_TEXTS.observacao, cell: (row) => row.observacao ?? MISSING },
        ]}
      />
    </Screen>
  );
}

export function DocumentoVersaoList() {
  return (
    <Screen title={ADMIN_TEXTS.documentosLegais}>
      <CrudList<DocumentoVersao>
        caption={ADMIN_TEXTS.documentosLegais}
        base={API.documentoVersao}
        addPath={adminPath('documentos-legais', 'novo')}
        backPath={adminPath()}
        columns={[
          { header: ADMIN_TEXTS.documento, cell: (row) => documentoText(row.documento) },
          { header: ADMIN_TEXTS.versao, cell: (row) => row.versao },
          {
            header: ADMIN_TEXTS.publicadaEm,
            cell: (row) => formatDateTime(row.datahora_publicado),
          },
          { header: ADMIN_TEXTS.resumoMudancas, cell: (row) => row.resumo ?? MISSING },
        ]}
      />
    </Screen>
  );
}

/** Publishing a version: a new record only; a published version is never edited. */
export function DocumentoVersaoEdit() {
  const id = routeId(useParams().id);
  return (
    <Screen title={ADMIN_TEXTS.novaVersao}>
      <p className="text-body-secondary">{ADMIN_TEXTS.novaVersaoAviso}</p>
      <CrudEdit<typeof DocumentoVersaoCreateSchema, DocumentoVersao>
        base={API.documentoVersao}
        id={id}
        schema={DocumentoVersaoCreateSchema}
        empty={{ documento: 'termos_uso', versao: '', resumo: '' }}
        toForm={(entity) => formValuesOf(entity, ['documento', 'versao', 'resumo'])}
        toPayload={asPayload}
        navBackRoute={adminPath('documentos-legais')}
        hideDelete
        hideSave={id !== null}
      >
        {(form) => (
          <div className="row">
            <ChoiceField
              form={form}
              name="documento"
              label={ADMIN_TEXTS.documento}
              required
              options={DOCUMENTOS}
            />
            <InputField form={form} name="versao" label={ADMIN_TEXTS.versao} required />
            <TextAreaField form={form} name="resumo" label={ADMIN_TEXTS.resumoMudancas} />
          </div>
        )}
      </CrudEdit>
    </Screen>
  );
}
