import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ACCOUNT_LEVELS, ClienteSaveSchema, ClienteUsuarioCreateSchema, ClienteUsuarioUpdateSchema, STAFF_LEVEL } from '#shared/schemas/admin';
import { formatCpfCnpj } from '#shared/cpf-cnpj';
import { CrudEdit, crudEntityKey } from '../../../components/crud/edit-page';
import { ChoiceField, DateField, DropdownField, InputField } from '../../../components/crud/form-fields';
import { CrudList } from '../../../components/crud/list-page';
import { CITY_SOURCE } from '../../../components/city-select';
import { apiRequest } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { useSession } from '../../../lib/session';
import { pathTo } from '../../../paths';
import { API, adminPath, routeId } from '../admin-paths';
import { useSelectClient } from '../api/select-client';
import { asPayload, formValuesOf } from '../form-values';
import type { Cliente, ClienteUsuario } from '../types';
import { Screen } from './screen';

const levelText = (nivel: number) => ACCOUNT_LEVELS.find((level) => level.nivel === nivel)?.text ?? String(nivel);

export function ClienteList() {
  return (
    <Screen title="Clientes">
      <CrudList<Cliente>
        caption="Clientes"
        base={API.cliente}
        addPath={adminPath('clientes', 'novo')}
        editPath={(row) => adminPath('clientes', row.id)}
        backPath={adminPath()}
        columns={[
          { header: 'ID', cell: (row) => row.id },
          { header: 'Razão social', cell: (row) => row.razao_social },
          { header: 'CPF/CNPJ', cell: (row) => formatCpfCnpj(row.cpfcnpj) },
          { header: 'E-mail', cell: (row) => row.email ?? '-' },
          { header: 'Cidade', cell: (row) => row.cidade_nome ?? '-' },
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
  'telefone_fixo',
  'telefone_celular',
  'end_cep',
  'end_logradouro',
  'end_numero',
  'end_complemento',
  'end_bairro',
  'gl_cidade_id',
  'data_nascimento',
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
        Link de faturas
      </h2>
      <p className="mb-2">
        <a href={link} target="_blank" rel="noreferrer">
          {link}
        </a>
      </p>
      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-outline-danger" disabled={rotate.isPending} onClick={() => rotate.mutate()}>
          Gerar novo link de faturas
        </button>
        {isAdmin && (
          <button type="button" className="btn btn-outline-primary" disabled={select.isPending} onClick={() => select.mutate(cliente.id)}>
            Trabalhar neste cliente
          </button>
        )}
      </div>
    </section>
  );
}

export function ClienteEdit() {
  const id = routeId(useParams().id);
  return (
    <Screen title={id ? 'Editar cliente' : 'Novo cliente'}>
      <CrudEdit<typeof ClienteSaveSchema, Cliente>
        base={API.cliente}
        id={id}
        schema={ClienteSaveSchema}
        empty={Object.fromEntries(CLIENTE_FIELDS.map((key) => [key, '']))}
        toForm={(entity) => ({ ...formValuesOf(entity, CLIENTE_FIELDS), cpfcnpj: formatCpfCnpj(entity.cpfcnpj) })}
        toPayload={asPayload}
        navBackRoute={adminPath('clientes')}
        extra={(cliente) => (
          <>
            <ClienteActions cliente={cliente} />
            <section className="mt-4" aria-labelledby="usuarios-cliente-titulo">
              <h2 id="usuarios-cliente-titulo" className="h5">
                Usuários do cliente
              </h2>
              <CrudList<ClienteUsuario>
                child
                caption="Usuários do cliente"
                base={API.clienteUsuario}
                params={{ gl_cliente_id: cliente.id }}
                addPath={adminPath('clientes', cliente.id, 'usuarios', 'novo')}
                editPath={(row) => adminPath('clientes', cliente.id, 'usuarios', row.id)}
                columns={[
                  { header: 'Nome', cell: (row) => row.usuario_nome },
                  { header: 'E-mail', cell: (row) => row.usuario_email },
                  { header: 'Nível', cell: (row) => levelText(row.nivel) },
                ]}
              />
            </section>
          </>
        )}
      >
        {(form, entity) => (
          <div className="row">
            <InputField form={form} name="razao_social" label="Razão social / nome" required />
            <InputField form={form} name="cpfcnpj" label="CPF ou CNPJ" required />
            <InputField form={form} name="nome_fantasia" label="Nome fantasia" />
            <InputField form={form} name="email" label="E-mail" type="email" />
            <InputField form={form} name="telefone_celular" label="Celular" />
            <InputField form={form} name="telefone_fixo" label="Telefone fixo" />
            <InputField form={form} name="end_cep" label="CEP" />
            <InputField form={form} name="end_logradouro" label="Logradouro" />
            <InputField form={form} name="end_numero" label="Número" />
            <InputField form={form} name="end_complemento" label="Complemento" />
            <InputField form={form} name="end_bairro" label="Bairro" />
            <DropdownField
              form={form}
              name="gl_cidade_id"
              label="Cidade"
              source={CITY_SOURCE}
              initial={entity?.gl_cidade_id ? { id: entity.gl_cidade_id, text: entity.cidade_nome ?? '' } : null}
            />
            <DateField form={form} name="data_nascimento" label="Data de nascimento (pessoa física)" />
          </div>
        )}
      </CrudEdit>
    </Screen>
  );
}

/** A person linked to a client at an account level (§6); child of the client. */
export function ClienteUsuarioEdit() {
  const params = useParams();
  const id = routeId(params.id);
  const clienteId = Number(params.parentId);
  const back = adminPath('clientes', clienteId);
  const parent = {
    base: API.cliente,
    id: clienteId,
    render: (cliente: Record<string, unknown>) => (
      <p className="lead mb-0">
        Cliente: <strong>{String(cliente.razao_social)}</strong>
      </p>
    ),
  };
  return (
    <Screen title={id ? 'Editar usuário do cliente' : 'Vincular usuário ao cliente'}>
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
        >
          {(form) => (
            <div className="row">
              <DropdownField form={form} name="gl_usuario_id" label="Usuário" required source={`${API.usuario}/dropdown`} initial={null} />
              <ChoiceField form={form} name="nivel" label="Nível na conta" required options={ACCOUNT_LEVELS.map((level) => ({ id: level.nivel, text: level.text }))} />
            </div>
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
          deleteTitle="Desvincular este usuário do cliente?"
        >
          {(form, entity) => (
            <div className="row">
              <p className="col-12">
                {entity ? `${entity.usuario_nome} <${entity.usuario_email}>` : ''}
              </p>
              <ChoiceField form={form} name="nivel" label="Nível na conta" required options={ACCOUNT_LEVELS.map((level) => ({ id: level.nivel, text: level.text }))} />
            </div>
          )}
        </CrudEdit>
      )}
    </Screen>
  );
}
