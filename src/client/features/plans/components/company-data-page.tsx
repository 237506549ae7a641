import '#shared/zod-locale';
import { Fragment } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import { FormProvider, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { formatCpfCnpj } from '#shared/cpf-cnpj';
import { formatDate } from '#shared/format';
import { DATE_MASK, formatCep, formatPhone } from '#shared/masks';
import { CompanyDataRequestSchema, type CompanyDataDto } from '#shared/schemas/company';
import { BusyButton } from '#client/components/busy-button';
import { LoadError } from '#client/components/load-error';
import { MaskedField } from '#client/components/masked-field';
import { Page } from '#client/components/page';
import { PageLoading } from '#client/components/page-loading';
import { TextField } from '#client/components/text-field';
import { applyFieldErrors } from '#client/lib/api-client';
import { useSession } from '#client/lib/session';
import { DEFAULT_PRODUCT_ID, pathTo } from '#client/paths';
import { useCompanyData, useSaveCompanyData } from '../api/company-data';
import { COMPANY_TEXTS, PLANS_TEXTS } from '../texts';
import { ContactAddressFields, contactAddressDefaults } from './contact-address-fields';

const dash = (value: string | null | undefined) => value || COMPANY_TEXTS.none;

/** The client's kind and document: never edited here (another document is another client). */
function Identity({ data }: { data: CompanyDataDto }) {
  return (
    <dl className="row mb-3">
      <dt className="col-sm-3">{PLANS_TEXTS.personType}</dt>
      <dd className="col-sm-9">{data.tipo_pessoa === 1 ? PLANS_TEXTS.individual : PLANS_TEXTS.company}</dd>
      <dt className="col-sm-3">{data.tipo_pessoa === 1 ? PLANS_TEXTS.cpf : PLANS_TEXTS.cnpj}</dt>
      <dd className="col-sm-9">
        {formatCpfCnpj(data.cpfcnpj)}
        <div className="form-text">{COMPANY_TEXTS.documentHint}</div>
      </dd>
    </dl>
  );
}

/** What a person below manager sees: the same data, read only. */
function ReadOnly({ data }: { data: CompanyDataDto }) {
  const address = [data.end_logradouro, data.end_numero, data.end_complemento, data.end_bairro].filter(Boolean).join(', ');
  const rows: [string, string][] = [
    [data.tipo_pessoa === 1 ? PLANS_TEXTS.fullName : PLANS_TEXTS.companyName, data.razao_social],
    [PLANS_TEXTS.email, dash(data.email)],
    [COMPANY_TEXTS.invoiceEmail, dash(data.email_fatura)],
    [COMPANY_TEXTS.phones, [data.telefone_celular, data.telefone_fixo].filter(Boolean).map((phone) => formatPhone(phone ?? '')).join(' · ') || COMPANY_TEXTS.none],
    [PLANS_TEXTS.cep, data.end_cep ? formatCep(data.end_cep) : COMPANY_TEXTS.none],
    [COMPANY_TEXTS.address, dash(address)],
    [COMPANY_TEXTS.city, dash(data.cidade?.text)],
  ];
  return (
    <>
      <Alert variant="info">{COMPANY_TEXTS.readOnly}</Alert>
      <Identity data={data} />
      <dl className="row">
        {rows.map(([label, value]) => (
          <Fragment key={label}>
            <dt className="col-sm-3">{label}</dt>
            <dd className="col-sm-9">{value}</dd>
          </Fragment>
        ))}
      </dl>
    </>
  );
}

function CompanyForm({ data }: { data: CompanyDataDto }) {
  const save = useSaveCompanyData(data.id);
  const methods = useForm({
    resolver: zodResolver(CompanyDataRequestSchema),
    defaultValues: {
      razao_social: data.razao_social,
      email: data.email ?? '',
      data_nascimento: data.data_nascimento ? formatDate(data.data_nascimento) : '',
      email_fatura: data.email_fatura ?? '',
      ...contactAddressDefaults(data),
    },
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = methods;
  const individual = data.tipo_pessoa === 1;
  const onSubmit = handleSubmit((values) => save.mutate(values, { onError: (error) => applyFieldErrors(setError, error) }));
  return (
    <FormProvider {...methods}>
      <form noValidate aria-label={COMPANY_TEXTS.title} onSubmit={(event) => void onSubmit(event)}>
        <Identity data={data} />
        <div className="row">
          <TextField
            id="empresa-razao-social"
            required
            className="mb-3 col-md-8"
            label={individual ? PLANS_TEXTS.fullName : PLANS_TEXTS.companyName}
            registration={register('razao_social')}
            error={errors.razao_social?.message}
          />
          {individual && (
            <MaskedField
              control={control}
              name="data_nascimento"
              id="empresa-nascimento"
              className="mb-3 col-md-4"
              label={`${PLANS_TEXTS.birthDate} ${PLANS_TEXTS.optional}`}
              mask={[DATE_MASK]}
              inputMode="numeric"
              error={errors.data_nascimento?.message}
            />
          )}
        </div>
        <div className="row">
          <TextField
            id="empresa-email"
            required
            className="mb-3 col-md-6"
            type="email"
            autoComplete="email"
            label={PLANS_TEXTS.email}
            registration={register('email')}
            error={errors.email?.message}
          />
          <TextField
            id="empresa-email-fatura"
            className="mb-3 col-md-6"
            type="email"
            label={`${COMPANY_TEXTS.invoiceEmail} ${PLANS_TEXTS.optional}`}
            hint={COMPANY_TEXTS.invoiceEmailHint}
            registration={register('email_fatura')}
            error={errors.email_fatura?.message}
          />
        </div>
        <ContactAddressFields idPrefix="empresa" customer={data} />
        <BusyButton type="submit" busy={save.isPending} className="mt-2">
          {COMPANY_TEXTS.save}
        </BusyButton>
      </form>
    </FormProvider>
  );
}

/** dados_empresa (ours, /conta/empresa): the client's data outside the plan change (issue 41). */
export function CompanyDataPage() {
  const session = useSession();
  const clienteId = session.cliente?.id ?? null;
  const company = useCompanyData(clienteId);
  let body;
  if (clienteId === null) {
    body = (
      <Alert variant="info">
        {COMPANY_TEXTS.noClient}{' '}
        <Link className="alert-link" to={pathTo('conta_selecionar', { pid: session.produto?.id ?? DEFAULT_PRODUCT_ID })}>
          {COMPANY_TEXTS.selectAccount}
        </Link>
      </Alert>
    );
  } else if (company.isPending) {
    body = <PageLoading />;
  } else if (company.isError) {
    body = <LoadError message={COMPANY_TEXTS.loadFailed} onRetry={() => void company.refetch()} />;
  } else {
    body = (
      <Card>
        <Card.Body>
          <p className="text-body-secondary">{COMPANY_TEXTS.intro}</p>
          {company.data.pode_editar ? <CompanyForm key={company.data.id} data={company.data} /> : <ReadOnly data={company.data} />}
        </Card.Body>
      </Card>
    );
  }
  return <Page title={COMPANY_TEXTS.title}>{body}</Page>;
}
