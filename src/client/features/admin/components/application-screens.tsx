import { useParams } from 'react-router';
import { OidcClienteCreateSchema, OidcClienteUpdateSchema, type OidcSecretResponse } from '#shared/schemas/admin';
import { CrudEdit } from '#client/components/crud/edit-page';
import { CheckboxField, InputField, TextAreaField } from '#client/components/crud/form-fields';
import { CrudList } from '#client/components/crud/list-page';
import { API, adminPath, routeId } from '../admin-paths';
import { asPayload } from '../form-values';
import type { OidcCliente, Produto } from '../types';
import { OneTimeSecret } from './one-time-secret';
import { Screen, yesNo } from './screen';
import { ADMIN_TEXTS } from '../texts';

/**
 * A product's applications that sign people in through the portal (OpenID Connect, decision
 * 087): a child list on the product, and its edit page with the secret shown once.
 */
export function ProductApplications({ produto }: { produto: Produto }) {
  return (
    <section className="mt-4" aria-labelledby="aplicativos-titulo">
      <h2 id="aplicativos-titulo" className="h5">
        {ADMIN_TEXTS.aplicativos}
      </h2>
      <p className="small text-body-secondary">{ADMIN_TEXTS.aplicativosIntro}</p>
      <CrudList<OidcCliente>
        child
        caption={ADMIN_TEXTS.aplicativos}
        base={API.oidcCliente}
        params={{ gl_produto_id: produto.id }}
        addPath={adminPath('produtos', produto.id, 'aplicativos', 'novo')}
        editPath={(row) => adminPath('produtos', produto.id, 'aplicativos', row.id)}
        columns={[
          { header: ADMIN_TEXTS.nome, cell: (row) => row.nome },
          { header: ADMIN_TEXTS.clientId, cell: (row) => <code>{row.client_id}</code> },
          { header: ADMIN_TEXTS.tipo, cell: (row) => (row.confidencial ? ADMIN_TEXTS.confidencialTipo : ADMIN_TEXTS.publicoTipo) },
          { header: ADMIN_TEXTS.ativo, cell: (row) => yesNo(row.ativo) },
        ]}
      />
    </section>
  );
}

/** The form's text for a list of addresses: one per line. */
const lines = (uris: readonly string[]) => uris.join('\n');

function toForm(entity: OidcCliente) {
  return {
    nome: entity.nome,
    logo_url: entity.logo_url ?? '',
    redirect_uris: lines(entity.redirect_uris),
    post_logout_redirect_uris: lines(entity.post_logout_redirect_uris),
    backchannel_logout_uri: entity.backchannel_logout_uri ?? '',
    primeira_parte: entity.primeira_parte,
    ativo: entity.ativo,
  };
}

export function AplicativoEdit() {
  const params = useParams();
  const id = routeId(params.id);
  const produtoId = Number(params.parentId);
  const back = adminPath('produtos', produtoId);
  const parent = {
    base: API.produto,
    id: produtoId,
    render: (produto: Record<string, unknown>) => (
      <p className="lead mb-0">
        {ADMIN_TEXTS.produtoLabel}{' '}<strong>{String(produto.nome)}</strong>
      </p>
    ),
  };
  const fields = (form: Parameters<Parameters<typeof CrudEdit<typeof OidcClienteUpdateSchema, OidcCliente>>[0]['children']>[0]) => (
    <div className="row">
      <InputField form={form} name="nome" label={ADMIN_TEXTS.nome} required />
      <InputField form={form} name="logo_url" label={ADMIN_TEXTS.urlDoLogotipo} hint={ADMIN_TEXTS.logoAplicativoHint} />
      <InputField form={form} name="backchannel_logout_uri" label={ADMIN_TEXTS.backchannelUri} hint={ADMIN_TEXTS.backchannelHint} />
      <TextAreaField form={form} name="redirect_uris" label={ADMIN_TEXTS.redirectUris} hint={ADMIN_TEXTS.urisHint} required />
      <TextAreaField form={form} name="post_logout_redirect_uris" label={ADMIN_TEXTS.postLogoutUris} hint={ADMIN_TEXTS.urisHint} />
      <CheckboxField form={form} name="primeira_parte" label={ADMIN_TEXTS.primeiraParte} hint={ADMIN_TEXTS.primeiraParteHint} className="mb-3 col-12" />
      <CheckboxField form={form} name="ativo" label={ADMIN_TEXTS.ativo} />
    </div>
  );
  return (
    <Screen title={id ? ADMIN_TEXTS.editarAplicativo : ADMIN_TEXTS.novoAplicativo}>
      {id === null ? (
        <CrudEdit<typeof OidcClienteCreateSchema, OidcCliente>
          base={API.oidcCliente}
          id={null}
          schema={OidcClienteCreateSchema}
          parent={parent}
          empty={{
            gl_produto_id: produtoId,
            confidencial: true,
            nome: '',
            logo_url: '',
            redirect_uris: '',
            post_logout_redirect_uris: '',
            backchannel_logout_uri: '',
            // A new application is a partner's until staff say otherwise: its sign-in asks consent.
            primeira_parte: false,
            ativo: true,
          }}
          toForm={(entity) => ({ ...toForm(entity), gl_produto_id: entity.gl_produto_id, confidencial: entity.confidencial })}
          toPayload={asPayload}
          navBackRoute={back}
          // On to the new application's page, where its secret is made.
          afterSave="refresh"
          editPath={(saved) => adminPath('produtos', produtoId, 'aplicativos', saved)}
        >
          {(form) => (
            <>
              <div className="row">
                <CheckboxField form={form} name="confidencial" label={ADMIN_TEXTS.confidencialTipo} hint={ADMIN_TEXTS.confidencialHint} />
              </div>
              {fields(form as never)}
            </>
          )}
        </CrudEdit>
      ) : (
        <CrudEdit<typeof OidcClienteUpdateSchema, OidcCliente>
          base={API.oidcCliente}
          deleteTitle={(aplicativo) => ADMIN_TEXTS.excluirAplicativo(aplicativo.nome)}
          id={id}
          schema={OidcClienteUpdateSchema}
          parent={parent}
          empty={{}}
          toForm={toForm}
          toPayload={asPayload}
          navBackRoute={back}
          extra={(aplicativo) => <Credentials aplicativo={aplicativo} />}
        >
          {(form) => fields(form)}
        </CrudEdit>
      )}
    </Screen>
  );
}

/** What the application's developers need: the issuer, the client id and, once, the secret. */
function Credentials({ aplicativo }: { aplicativo: OidcCliente }) {
  return (
    <section className="mt-4" aria-labelledby="credenciais-titulo">
      <h2 id="credenciais-titulo" className="h5">
        {ADMIN_TEXTS.segredo}
      </h2>
      <dl className="row small">
        <dt className="col-sm-4">{ADMIN_TEXTS.emissor}</dt>
        <dd className="col-sm-8">
          <code>{`${window.location.origin}/oidc/.well-known/openid-configuration`}</code>
        </dd>
        <dt className="col-sm-4">{ADMIN_TEXTS.clientId}</dt>
        <dd className="col-sm-8">
          <code>{aplicativo.client_id}</code>
        </dd>
        <dt className="col-sm-4">{ADMIN_TEXTS.tipo}</dt>
        <dd className="col-sm-8">{aplicativo.confidencial ? ADMIN_TEXTS.confidencialTipo : ADMIN_TEXTS.publicoTipo}</dd>
      </dl>
      {aplicativo.confidencial && (
        <OneTimeSecret<OidcSecretResponse>
          base={API.oidcCliente}
          id={aplicativo.id}
          endpoint={`${API.oidcCliente}/${aplicativo.id}/segredo`}
          secretOf={(data) => data.client_secret}
          hasSecret={aplicativo.tem_segredo}
          texts={{ novo: ADMIN_TEXTS.novoSegredo, tem: ADMIN_TEXTS.temSegredo, sem: ADMIN_TEXTS.semSegredo }}
          inputId="segredo-novo"
        />
      )}
    </section>
  );
}
