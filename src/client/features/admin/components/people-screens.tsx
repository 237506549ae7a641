import { useState } from 'react';
import { PHONE_MASKS } from '#shared/masks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { CidadeUpdateSchema, STAFF_LEVEL, UsuarioUpdateSchema } from '#shared/schemas/admin';
import { CrudEdit, crudEntityKey } from '#client/components/crud/edit-page';
import { CheckboxField, InputField, MaskedInputField } from '#client/components/crud/form-fields';
import { CrudList } from '#client/components/crud/list-page';
import { IdIcon } from '#client/components/widgets/info-icons';
import { apiRequest } from '#client/lib/api-client';
import { notify } from '#client/lib/notices';
import { useSession } from '#client/lib/session';
import { API, adminPath, routeId } from '../admin-paths';
import { asPayload, formValuesOf } from '../form-values';
import type { Cidade, Usuario } from '../types';
import { Screen, yesNo } from './screen';
import { ADMIN_TEXTS } from '../texts';

const staffLevel = (nivel: number | null) => (nivel === null ? '-' : String(nivel));

export function UserList() {
  return (
    <Screen title={ADMIN_TEXTS.usuarios}>
      <CrudList<Usuario>
        caption={ADMIN_TEXTS.usuarios}
        base={API.usuario}
        editPath={(row) => adminPath('usuarios', row.id)}
        backPath={adminPath()}
        columns={[
          { header: ADMIN_TEXTS.id, cell: (row) => row.id },
          { header: ADMIN_TEXTS.nome, cell: (row) => row.nome },
          { header: ADMIN_TEXTS.eMail, cell: (row) => row.email },
          { header: ADMIN_TEXTS.nivelEquipe, cell: (row) => staffLevel(row.nivel) },
          { header: ADMIN_TEXTS.twofa, cell: (row) => yesNo(row.twofa_ativo) },
          { header: ADMIN_TEXTS.ativo, cell: (row) => yesNo(row.ativo) },
        ]}
      />
    </Screen>
  );
}

const STAFF_LEVEL_OPTIONS = [
  { value: '', text: ADMIN_TEXTS.naoEDaEquipe },
  { value: String(STAFF_LEVEL.operator), text: ADMIN_TEXTS.operador5 },
  { value: String(STAFF_LEVEL.supervisor), text: ADMIN_TEXTS.supervisor3 },
  { value: String(STAFF_LEVEL.admin), text: ADMIN_TEXTS.administrador1 },
] as const;

/** A person's staff level: the admins' call only (decision 030). */
function StaffLevel({ usuario }: { usuario: Usuario }) {
  const queryClient = useQueryClient();
  const [nivel, setNivel] = useState(usuario.nivel === null ? '' : String(usuario.nivel));
  const change = useMutation({
    mutationFn: () => apiRequest<null>('POST', `${API.usuario}/${usuario.id}/nivel`, { nivel: nivel === '' ? null : Number(nivel) }),
    onSuccess: async (response) => {
      notify('success', response.message);
      await queryClient.invalidateQueries({ queryKey: crudEntityKey(API.usuario, usuario.id) });
    },
  });
  return (
    <div className="d-flex flex-wrap align-items-end gap-2 mt-3">
      <div>
        <label className="form-label" htmlFor="nivel-equipe">
          {ADMIN_TEXTS.nivelNaEquipe}
        </label>
        <select id="nivel-equipe" className="form-select" value={nivel} onChange={(event) => setNivel(event.target.value)}>
          {STAFF_LEVEL_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.text}
            </option>
          ))}
          {usuario.nivel !== null && !STAFF_LEVEL_OPTIONS.some((option) => option.value === String(usuario.nivel)) && (
            <option value={String(usuario.nivel)}>{ADMIN_TEXTS.nivel}{' '}{usuario.nivel}</option>
          )}
        </select>
      </div>
      <button type="button" className="btn btn-outline-primary" disabled={change.isPending} onClick={() => change.mutate()}>
        {ADMIN_TEXTS.alterarNivel}
      </button>
    </div>
  );
}

/**
 * Staff actions on a person: reset 2FA, force a new password at the next login (decision 030),
 * end every session (decisions 070-072).
 */
function UsuarioActions({ usuario }: { usuario: Usuario }) {
  const queryClient = useQueryClient();
  const session = useSession();
  const isAdmin = (session.usuario?.nivel ?? Infinity) <= STAFF_LEVEL.admin;
  const action = useMutation({
    mutationFn: (path: 'twofa_resetar' | 'senha_revalidar' | 'sessoes_encerrar') => apiRequest<null>('POST', `${API.usuario}/${usuario.id}/${path}`),
    onSuccess: async (response) => {
      notify('success', response.message);
      await queryClient.invalidateQueries({ queryKey: crudEntityKey(API.usuario, usuario.id) });
    },
  });
  return (
    <section className="mt-4" aria-labelledby="acoes-usuario-titulo">
      <h2 id="acoes-usuario-titulo" className="h5">
        {ADMIN_TEXTS.seguranca}{' '}<IdIcon value={usuario.id} />
      </h2>
      <p className="small text-body-secondary">
        {ADMIN_TEXTS.securityState(usuario.twofa_ativo, yesNo(usuario.senha_revalidar))}
      </p>
      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-outline-danger" disabled={action.isPending || !usuario.twofa_ativo} onClick={() => action.mutate('twofa_resetar')}>
          {ADMIN_TEXTS.desativar2fa}
        </button>
        <button type="button" className="btn btn-outline-danger" disabled={action.isPending} onClick={() => action.mutate('senha_revalidar')}>
          {ADMIN_TEXTS.exigirNovaSenha}
        </button>
        <button type="button" className="btn btn-outline-danger" disabled={action.isPending} onClick={() => action.mutate('sessoes_encerrar')}>
          {ADMIN_TEXTS.encerrarTodasAsSessoes}
        </button>
      </div>
      {isAdmin && <StaffLevel usuario={usuario} />}
    </section>
  );
}

export function UserEdit() {
  const id = routeId(useParams().id);
  return (
    <Screen title={ADMIN_TEXTS.editarUsuario}>
      <CrudEdit<typeof UsuarioUpdateSchema, Usuario>
        base={API.usuario}
        id={id}
        schema={UsuarioUpdateSchema}
        empty={{}}
        toForm={(entity) => formValuesOf(entity, ['nome', 'apelido', 'email', 'telefone_celular', 'ativo'])}
        toPayload={asPayload}
        navBackRoute={adminPath('usuarios')}
        hideDelete
        extra={(usuario) => <UsuarioActions usuario={usuario} />}
      >
        {(form) => (
          <div className="row">
            <InputField form={form} name="nome" label={ADMIN_TEXTS.nome} required maxLength={60} />
            <InputField form={form} name="apelido" label={ADMIN_TEXTS.apelido} maxLength={60} />
            <InputField form={form} name="email" label={ADMIN_TEXTS.eMail} type="email" required />
            <MaskedInputField form={form} name="telefone_celular" label={ADMIN_TEXTS.celular} mask={PHONE_MASKS} inputMode="tel" />
            <CheckboxField form={form} name="ativo" label={ADMIN_TEXTS.ativo} />
          </div>
        )}
      </CrudEdit>
    </Screen>
  );
}

export function CityList() {
  return (
    <Screen title={ADMIN_TEXTS.cidades}>
      <CrudList<Cidade>
        caption={ADMIN_TEXTS.cidades}
        base={API.cidade}
        editPath={(row) => adminPath('cidades', row.id)}
        backPath={adminPath()}
        columns={[
          { header: ADMIN_TEXTS.codigoIbge, cell: (row) => row.id },
          { header: ADMIN_TEXTS.nome, cell: (row) => row.nome },
          { header: ADMIN_TEXTS.uf, cell: (row) => row.estado_sigla },
        ]}
      />
    </Screen>
  );
}

export function CityEdit() {
  const id = routeId(useParams().id);
  return (
    <Screen title={ADMIN_TEXTS.editarCidade}>
      <CrudEdit<typeof CidadeUpdateSchema, Cidade>
        base={API.cidade}
        id={id}
        schema={CidadeUpdateSchema}
        empty={{}}
        toForm={(entity) => formValuesOf(entity, ['nome'])}
        toPayload={asPayload}
        navBackRoute={adminPath('cidades')}
        hideDelete
      >
        {(form, entity) => (
          <div className="row">
            <InputField form={form} name="nome" label={ADMIN_TEXTS.nome} required />
            <p className="col-md-6 pt-md-4">{ADMIN_TEXTS.ufLabel}{' '}{entity?.estado_sigla ?? '-'}</p>
          </div>
        )}
      </CrudEdit>
    </Screen>
  );
}
