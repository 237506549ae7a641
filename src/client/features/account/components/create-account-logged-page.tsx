import '#shared/zod-locale';
import { zodResolver } from '@hookform/resolvers/zod';

import { useRef } from 'react';

import { useForm } from 'react-hook-form';

import type { z } from 'zod';

import { Link, useParams } from 'react-router';

import Alert from 'react-bootstrap/Alert';
import { documentKind } from '#shared/cpf-cnpj';

import { NAME_MAX } from '#shared/fields';

import { SignUpLoggedRequestSchema, type SignUpLoggedRequest } from '#shared/schemas/account';
import { Page } from '#client/components/page';

import { PageLoading } from '#client/components/page-loading';

import { TextField } from '#client/components/text-field';

import { ApiError, applyFieldErrors } from '#client/lib/api-client';

import { useProduct } from '#client/lib/product';

import { applyLoginInfo, usePostLoginRouting } from '#client/lib/post-login';

import { parsePid, pathTo } from '#client/paths';

import { useCreateAccountLogged } from '../api/create-account-logged';

import { CpfCnpjFields } from './cpf-cnpj-fields';

import { TermsConsent } from '#client/components/terms-consent';

import { LoadError } from '#client/components/load-error';

import { BusyButton } from '#client/components/busy-button';

import { CREATE_ACCOUNT_LOGGED_TEXTS } from '../texts';

type SignUpLoggedValues = z.output<typeof SignUpLoggedRequestSchema>;

/**
 * conta_criar_logado (§2 /login/{pid}/conta_criar/logado, §5 Sign-up logged in): another client
 * account for the signed-in user; no login redirect (a visitor's submit gets 'Usuário não
 * logado.' and goes home, §8).
 */
export function CreateAccountLoggedPage() {
  const { pid: rawPid } = useParams();
  const pid = parsePid(rawPid);
  return (
    <Page title={CREATE_ACCOUNT_LOGGED_TEXTS.title}>
      <div className="app-login">
        {pid === null ? (
          <Alert variant="warning">{CREATE_ACCOUNT_LOGGED_TEXTS.invalidProduct}</Alert>
        ) : (
          <ProductGate key={pid} pid={pid} />
        )}
      </div>
    </Page>
  );
}

/**
 * A product with inactive-user registration takes no new client accounts here (§2: no 'Criar uma
 * nova conta' for it; the server refuses too): said when the page opens, as the logged-out
 * sign-up does, not after the form is filled.
 */
function ProductGate({ pid }: { pid: number }) {
  const product = useProduct(pid);
  const back = (
    <Link className="btn btn-outline-secondary" to={pathTo('conta_selecionar', { pid })}>
      {CREATE_ACCOUNT_LOGGED_TEXTS.back}
    </Link>
  );
  if (product.isPending) return <PageLoading />;
  if (product.isError) {
    const missing = product.error instanceof ApiError && product.error.httpStatus === 404;
    if (missing)
      return <Alert variant="warning">{CREATE_ACCOUNT_LOGGED_TEXTS.invalidProduct}</Alert>;
    return (
      <LoadError
        message={CREATE_ACCOUNT_LOGGED_TEXTS.productFailed}
        onRetry={() => void product.refetch()}
      />
    );
  }
  if (product.data.cadastro_usuario_inativo) {
    return (
      <>
        <Alert variant="warning">{CREATE_ACCOUNT_LOGGED_TEXTS.notAllowed}</Alert>
        {back}
      </>
    );
  }
  return <CreateAccountLoggedForm pid={pid} />;
}

function CreateAccountLoggedForm({ pid }: { pid: number }) {
  const route = usePostLoginRouting();
  const create = useCreateAccountLogged();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(SignUpLoggedRequestSchema),
    // termos starts unchecked (undefined): only `true` passes the schema.
    defaultValues: { nome: '', cpfcnpj: '', empresa_nome: '', gl_produto_id: pid },
  });
  // Stays busy after success too: the page is about to change.
  const busy = create.isPending || create.isSuccess;
  // §5 "submit ignored while in flight": a ref, so two quick submits cannot both get through.
  const inFlight = useRef(false);

  const send = (values: SignUpLoggedValues) => {
    if (inFlight.current) return;
    inFlight.current = true;
    const payload: SignUpLoggedRequest = {
      nome: values.nome,
      cpfcnpj: values.cpfcnpj,
      empresa_nome: documentKind(values.cpfcnpj) === 'cnpj' ? (values.empresa_nome ?? null) : null,
      gl_produto_id: pid,
      termos: true,
    };
    create.mutate(payload, {
      onSuccess: (info) => {
        // §4: the new client is chosen; the post-login routing follows.
        applyLoginInfo(info);
        route(info);
      },
      onError: (error) => {
        inFlight.current = false;
        applyFieldErrors(setError, error);
      },
    });
  };

  return (
    <form
      noValidate
      aria-label={CREATE_ACCOUNT_LOGGED_TEXTS.title}
      onSubmit={(event) => void handleSubmit(send)(event)}
    >
      <p>{CREATE_ACCOUNT_LOGGED_TEXTS.intro}</p>
      <TextField
        id="conta-logado-nome"
        label={CREATE_ACCOUNT_LOGGED_TEXTS.nome}
        autoComplete="name"
        maxLength={NAME_MAX}
        required
        registration={register('nome')}
        error={errors.nome?.message}
      />
      <CpfCnpjFields
        idPrefix="conta-logado"
        control={control}
        register={register}
        cpfcnpjName="cpfcnpj"
        companyName="empresa_nome"
        cpfcnpjError={errors.cpfcnpj?.message}
        companyError={errors.empresa_nome?.message}
      />
      <TermsConsent
        id="conta-logado-termos"
        registration={register('termos')}
        error={errors.termos?.message}
      />
      <div className="d-flex flex-wrap gap-2">
        <BusyButton busy={busy} type="submit" variant="primary">
          {CREATE_ACCOUNT_LOGGED_TEXTS.submit}
        </BusyButton>
        <Link className="btn btn-outline-secondary" to={pathTo('conta_selecionar', { pid })}>
          {CREATE_ACCOUNT_LOGGED_TEXTS.back}
        </Link>
      </div>
    </form>
  );
}
