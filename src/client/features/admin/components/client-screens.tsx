import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CEP_MASK, CPF_CNPJ_MASKS, PHONE_MASKS } from '#shared/masks';
import { useParams } from 'react-router';
import { ACCOUNT_LEVELS, ClienteSaveSchema, ClienteUsuarioCreateSchema, ClienteUsuarioUpdateSchema, STAFF_LEVEL } from '#shared/schemas/admin';
import { formatCpfCnpj } from '#shared/cpf-cnpj';
import { CrudEdit, crudEntityKey } from '#client/components/crud/edit-page';
import { CheckboxField, ChoiceField, DateField, DropdownField, InputField, MaskedInputField } from '#client/components/crud/form-fields';
import { CrudList } from '#client/components/crud/list-page';
import { CITY_SOURCE } from '#client/components/city-select';
import { apiRequest } from '#client/lib/api-client';
import { notify } from '#client/lib/notices';
import { useSession } from '#client/lib/session';
import { pathTo } from '#client/paths';
import { API, adminPath, routeId } from '../admin-paths';
import { useSelectClient } from '../api/select-client';
import { asPayload, formValuesOf } from '../form-values';
import type { Cliente, ClienteUsuario } from '../types';
import { Screen } from './screen';
import { ADMIN_TEXTS } from '../texts';

const levelText = (nivel: number) => ACCOUNT_LEVELS.find((level) => level.nivel === nivel)?.text ?? String(nivel);

/**
 * Supervisors and admins make and change client-user links; operators read them and may remove
 * one (decision 100). The server refuses the rest anyway; the screens do not offer it.
 */
function useMayWriteLinks(): boolean {
  const session = useSession();
  return (session.usuario?.nivel ?? Infinity) <= STAFF_LEVEL.supervisor;
}

export function ClientList() {
  return (
    <Screen title={ADMIN_TEXTS.clientes}>
      <CrudList<Cliente>
        caption={ADMIN_TEXTS.clientes}
        base={API.cliente}
        addPath={adminPath('clientes', 'novo')}
        editPath={(row) => adminPath('clientes', row.id)}
        backPath={adminPath()}
        columns={[
          { header: ADMIN_TEXTS.id, cell: (row) => row.id },
          { header: ADMIN_TEXTS.razaoSocial, cell: (row) => row.razao_social },
          { header: ADMIN_TEXTS.cpfCnpj, cell: (row) => formatCpfCnpj(row.cpfcnpj) },
          { header: ADMIN_TEXTS.eMail, cell: (row) => row.email ?? '-' },
          { header: ADMIN_TEXTS.cidade, cell: (row) => row.cidade_nome ?? '-' },
        ]}
      />
    </Screen>
  );
}

const CLIENTE_FIELDS = [
  'cpfcnpj',
  'razao_social',
  'nome_fantasia',
  'email',
  'email_fatura',
  'telefone_fixo',
  'telefone_celular',
  'end_cep',
  'end_logradouro',
  'end_numero',
  'end_complemento',
  'end_bairro',
  'gl_cidade_id',
  'data_nascimento',
  'fatura_lembrete',
] as const;

/** The invoice link, its rotation, and (admins) working in this client. */
function ClienteActions({ cliente }: { cliente: Cliente }) {
  const queryClient = useQueryClient();
  const session = useSession();
  const select = useSelectClient();
  const rotate = useMutation({
    mutationFn: () => apiRequest<{ fatura_token: string }>('POST', `${API.cliente}/${cliente.id}/fatura_token`),
    onSuccess: async (response) => {
      notify('success', response.message);
      await queryClient.invalidateQueries({ queryKey: crudEntityKey(API.cliente, cliente.id) });
    },
  });
  const link = pathTo('cliente.fatura.index', { token: cliente.fatura_token });
  const isAdmin = (session.usuario?.nivel ?? Infinity) <= STAFF_LEVEL.admin;
  return (
    <section className="mt-4" aria-labelledby="link-faturas-titulo">
      <h2 id="link-faturas-titulo" className="h5">
        {ADMIN_TEXTS.linkDeFaturas}
      </h2>
      {/* The token is one long word: it breaks anywhere rather than widen a phone's page. */}
      <p className="mb-2 text-break">
        <a href={link} target="_blank" rel="noreferrer">
          {link}
        </a>
      </p>
      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-outline-danger" disabled={rotate.isPending} onClick={() => rotate.mutate()}>
          {ADMIN_TEXTS.gerarNovoLinkDeFaturas}
        </button>
        {isAdmin && (
          <button type="button" className="btn btn-outline-primary" disabled={select.isPending} onClick={() => select.mutate(cliente.id)}>
            {ADMIN_TEXTS.trabalharNesteCliente}
          </button>
        )}
      </div>
    </section>
  );
}

export function ClientEdit() {
  const id = routeId(useParams().id);
  const mayWriteLinks = useMayWriteLinks();
  return (
    <Screen title={id ? ADMIN_TEXTS.editarCliente : ADMIN_TEXTS.novoCliente}>
      <CrudEdit<typeof ClienteSaveSchema, Cliente>
        base={API.cliente}
        deleteTitle={(cliente) => ADMIN_TEXTS.excluirCliente(cliente.razao_social)}
        id={id}
        schema={ClienteSaveSchema}
        empty={{ ...Object.fromEntries(CLIENTE_FIELDS.map((key) => [key, ''])), fatura_lembrete: true }}
        toForm={(entity) => ({ ...formValuesOf(entity, CLIENTE_FIELDS), cpfcnpj: formatCpfCnpj(entity.cpfcnpj) })}
        toPayload={asPayload}
        navBackRoute={adminPath('clientes')}
        extra={(cliente) => (
          <>
            <ClienteActions cliente={cliente} />
            <section className="mt-4" aria-labelledby="usuarios-cliente-titulo">
              <h2 id="usuarios-cliente-titulo" className="h5">
                {ADMIN_TEXTS.usuariosDoCliente}
              </h2>
              <CrudList<ClienteUsuario>
                child
                caption={ADMIN_TEXTS.usuariosDoCliente}
                base={API.clienteUsuario}
                params={{ gl_cliente_id: cliente.id }}
                addPath={mayWriteLinks ? adminPath('clientes', cliente.id, 'usuarios', 'novo') : undefined}
                editPath={(row) => adminPath('clientes', cliente.id, 'usuarios', row.id)}
                columns={[
                  { header: ADMIN_TEXTS.nome, cell: (row) => row.usuario_nome },
                  { header: ADMIN_TEXTS.eMail, cell: (row) => row.usuario_email },
                  { header: ADMIN_TEXTS.nivel, cell: (row) => levelText(row.nivel) },
                ]}
              />
            </section>
          </>
        )}
      >
        {(form, entity) => (
          <div className="row">
            <InputField form={form} name="razao_social" label={ADMIN_TEXTS.razaoSocialNome} required />
            <MaskedInputField form={form} name="cpfcnpj" label={ADMIN_TEXTS.cpfOuCnpj} required mask={CPF_CNPJ_MASKS} inputMode="text" />
            <InputField form={form} name="nome_fantasia" label={ADMIN_TEXTS.nomeFantasia} />
            <InputField form={form} name="email" label={ADMIN_TEXTS.eMail} type="email" />
            <InputField form={form} name="email_fatura" label={ADMIN_TEXTS.emailParaFaturas} hint={ADMIN_TEXTS.emailParaFaturasDica} type="email" />
            <MaskedInputField form={form} name="telefone_celular" label={ADMIN_TEXTS.celular} mask={PHONE_MASKS} inputMode="tel" />
            <MaskedInputField form={form} name="telefone_fixo" label={ADMIN_TEXTS.telefoneFixo} mask={PHONE_MASKS} inputMode="tel" />
            <MaskedInputField form={form} name="end_cep" label={ADMIN_TEXTS.cep} mask={[CEP_MASK]} />
            <InputField form={form} name="end_logradouro" label={ADMIN_TEXTS.logradouro} />
            <InputField form={form} name="end_numero" label={ADMIN_TEXTS.numero} />
            <InputField form={form} name="end_complemento" label={ADMIN_TEXTS.complemento} />
            <InputField form={form} name="end_bairro" label={ADMIN_TEXTS.bairro} />
            <DropdownField
              form={form}
              name="gl_cidade_id"
              label={ADMIN_TEXTS.cidade}
              source={CITY_SOURCE}
              initial={entity?.gl_cidade_id ? { id: entity.gl_cidade_id, text: entity.cidade_nome ?? '' } : null}
            />
            <DateField form={form} name="data_nascimento" label={ADMIN_TEXTS.dataDeNascimentoPessoaFisica} />
            <CheckboxField form={form} name="fatura_lembrete" label={ADMIN_TEXTS.lembretesDeFatura} />
          </div>
        )}
      </CrudEdit>
    </Screen>
  );
}

/** A person linked to a client at an account level (§6); child of the client. */
export function ClientUserEdit() {
  const params = useParams();
  const id = routeId(params.id);
  const clienteId = Number(params.parentId);
  const back = adminPath('clientes', clienteId);
  const mayWrite = useMayWriteLinks();
  const parent = {
    base: API.cliente,
    id: clienteId,
    render: (cliente: Record<string, unknown>) => (
      <p className="lead mb-0">
        {ADMIN_TEXTS.clienteLabel}{' '}<strong>{String(cliente.razao_social)}</strong>
      </p>
    ),
  };
  return (
    <Screen title={id ? ADMIN_TEXTS.editarUsuarioDoCliente : ADMIN_TEXTS.vincularUsuarioAoCliente}>
      {id === null ? (
        <CrudEdit<typeof ClienteUsuarioCreateSchema, ClienteUsuario>
          base={API.clienteUsuario}
          id={null}
          schema={ClienteUsuarioCreateSchema}
          parent={parent}
          empty={{ gl_cliente_id: clienteId, gl_usuario_id: '', nivel: '20' }}
          toForm={(entity) => formValuesOf(entity, ['gl_usuario_id', 'nivel'])}
          toPayload={asPayload}
          navBackRoute={back}
          hideSave={!mayWrite}
        >
          {(form) => (
            <fieldset className="row" disabled={!mayWrite}>
              <DropdownField form={form} name="gl_usuario_id" label={ADMIN_TEXTS.usuario} required source={`${API.usuario}/dropdown`} initial={null} />
              <ChoiceField form={form} name="nivel" label={ADMIN_TEXTS.nivelNaConta} required options={ACCOUNT_LEVELS.map((level) => ({ id: level.nivel, text: level.text }))} />
            </fieldset>
          )}
        </CrudEdit>
      ) : (
        <CrudEdit<typeof ClienteUsuarioUpdateSchema, ClienteUsuario>
          base={API.clienteUsuario}
          id={id}
          schema={ClienteUsuarioUpdateSchema}
          parent={parent}
          empty={{}}
          toForm={(entity) => formValuesOf(entity, ['nivel'])}
          toPayload={asPayload}
          navBackRoute={back}
          hideSave={!mayWrite}
          deleteTitle={ADMIN_TEXTS.desvincularUsuario}
        >
          {(form, entity) => (
            <fieldset className="row" disabled={!mayWrite}>
              <p className="col-12">
                {entity ? `${entity.usuario_nome} <${entity.usuario_email}>` : ''}
              </p>
              <ChoiceField form={form} name="nivel" label={ADMIN_TEXTS.nivelNaConta} required options={ACCOUNT_LEVELS.map((level) => ({ id: level.nivel, text: level.text }))} />
            </fieldset>
          )}
        </CrudEdit>
      )}
    </Screen>
  );
}
