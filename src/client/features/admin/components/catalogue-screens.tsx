import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useParams } from 'react-router';
import type { z } from 'zod';
import {
  COBRANCA_TIPOS,
  ContaSaveSchema,
  PlanoPagamentoCreateSchema,
  PlanoPagamentoUpdateSchema,
  PlanoSaveSchema,
  ProdutoSaveSchema,
  type PixWebhookSecretResponse,
} from '#shared/schemas/admin';
import { describeDueDateRule, isDueDateRule } from '#shared/due-date';
import { formatMoney } from '#shared/format';
import { PIX_KEY_TYPES } from '#shared/pix/pix-key';
import { CrudEdit } from '#client/components/crud/edit-page';
import { BOLETO_BANKS } from '#shared/boleto/banks/index';
import { CheckboxField, ChoiceField, DecimalField, DropdownField, InputField, TextAreaField } from '#client/components/crud/form-fields';
import { CrudList } from '#client/components/crud/list-page';
import { Truncate } from '#client/components/widgets/readonly-values';
import { API, adminPath, routeId } from '../admin-paths';
import { asPayload, formValuesOf } from '../form-values';
import type { Conta, Plano, PlanoPagamento, Produto } from '../types';
import { ProductApplications } from './application-screens';
import { OneTimeSecret } from './one-time-secret';
import { Screen, yesNo } from './screen';
import { ADMIN_TEXTS } from '../texts';

// --- products ---------------------------------------------------------------------------------

const PRODUTO_FIELDS = [
  'nome',
  'url',
  'logo_url',
  'cadastro_usuario_inativo',
  'cadastro_permitido',
  'ativo',
  'fatura_vencimento_tipo',
  'fatura_vencimento_valor',
  'fatura_aprovacao',
] as const;

/** The rule being typed, in words, when it is a valid one (shared/due-date.ts, decision 102). */
function dueDateHelp(tipo: unknown, valor: unknown): string | undefined {
  const number = valor === '' || valor === null || valor === undefined ? Number.NaN : Number(valor);
  const rule = tipo === 'dia_mes' ? { tipo, dia: number } : { tipo, dias: number };
  return isDueDateRule(rule) ? ADMIN_TEXTS.vencimentoAjuda(describeDueDateRule(rule)) : undefined;
}

/** When the product's invoices fall due: the kind of rule, its number, and the rule in words. */
function DueDateFields({ form }: { form: UseFormReturn<z.input<typeof ProdutoSaveSchema>, unknown, z.output<typeof ProdutoSaveSchema>> }) {
  const [tipo, valor] = useWatch({ control: form.control, name: ['fatura_vencimento_tipo', 'fatura_vencimento_valor'] });
  return (
    <>
      <ChoiceField
        form={form}
        name="fatura_vencimento_tipo"
        label={ADMIN_TEXTS.vencimento}
        required
        options={ADMIN_TEXTS.vencimentoTipos}
      />
      <InputField
        form={form}
        name="fatura_vencimento_valor"
        label={tipo === 'dia_mes' ? ADMIN_TEXTS.diaDoMes : ADMIN_TEXTS.diasAposEmissao}
        required
        type="number"
        hint={dueDateHelp(tipo, valor)}
      />
    </>
  );
}

export function ProductList() {
  return (
    <Screen title={ADMIN_TEXTS.produtos}>
      <CrudList<Produto>
        caption={ADMIN_TEXTS.produtos}
        base={API.produto}
        addPath={adminPath('produtos', 'novo')}
        editPath={(row) => adminPath('produtos', row.id)}
        backPath={adminPath()}
        columns={[
          { header: ADMIN_TEXTS.id, cell: (row) => row.id },
          { header: ADMIN_TEXTS.nome, cell: (row) => row.nome },
          { header: ADMIN_TEXTS.url, cell: (row) => <Truncate text={row.url} /> },
          { header: ADMIN_TEXTS.cadastroPermitido, cell: (row) => yesNo(row.cadastro_permitido) },
          { header: ADMIN_TEXTS.ativo, cell: (row) => yesNo(row.ativo) },
        ]}
      />
    </Screen>
  );
}

export function ProductEdit() {
  const id = routeId(useParams().id);
  return (
    <Screen title={id ? ADMIN_TEXTS.editarProduto : ADMIN_TEXTS.novoProduto}>
      <CrudEdit<typeof ProdutoSaveSchema, Produto>
        base={API.produto}
        deleteTitle={(produto) => ADMIN_TEXTS.excluirProduto(produto.nome)}
        id={id}
        schema={ProdutoSaveSchema}
        empty={{
          nome: '',
          url: '',
          logo_url: '',
          cadastro_usuario_inativo: false,
          cadastro_permitido: false,
          ativo: true,
          // The columns' defaults (schema.ts): due 10 days after the issue, no approval.
          fatura_vencimento_tipo: 'dias_apos_emissao',
          fatura_vencimento_valor: '10',
          fatura_aprovacao: false,
        }}
        toForm={(entity) => formValuesOf(entity, PRODUTO_FIELDS)}
        toPayload={asPayload}
        navBackRoute={adminPath('produtos')}
        extra={(produto) => <ProductApplications produto={produto} />}
      >
        {(form) => (
          <div className="row">
            <InputField form={form} name="nome" label={ADMIN_TEXTS.nome} required />
            <InputField form={form} name="url" label={ADMIN_TEXTS.urlAposOLogin} required />
            <InputField form={form} name="logo_url" label={ADMIN_TEXTS.urlDoLogotipo} />
            <div className="col-md-6" />
            <CheckboxField form={form} name="cadastro_permitido" label={ADMIN_TEXTS.permiteCadastroCadastreSe} />
            <CheckboxField form={form} name="cadastro_usuario_inativo" label={ADMIN_TEXTS.cadastroDeUsuarioInativo} />
            <CheckboxField form={form} name="ativo" label={ADMIN_TEXTS.ativo} />
            <DueDateFields form={form} />
            <CheckboxField form={form} name="fatura_aprovacao" label={ADMIN_TEXTS.faturaAprovacao} hint={ADMIN_TEXTS.faturaAprovacaoHint} />
          </div>
        )}
      </CrudEdit>
    </Screen>
  );
}

// --- plans and their payment options ----------------------------------------------------------

const PLANO_FIELDS = [
  'gl_produto_id',
  'nome',
  'nome_exibicao',
  'usuario_ilimitado',
  'usuario_qtde',
  'dispositivo_qtde',
  'flag_valor_condicao',
  'flag_enviar_foto',
  'descricao_exibicao',
  'ordem',
  'ativo',
] as const;

export function PlanList() {
  return (
    <Screen title={ADMIN_TEXTS.planos}>
      <CrudList<Plano>
        caption={ADMIN_TEXTS.planos}
        base={API.plano}
        addPath={adminPath('planos', 'novo')}
        editPath={(row) => adminPath('planos', row.id)}
        backPath={adminPath()}
        columns={[
          { header: ADMIN_TEXTS.id, cell: (row) => row.id },
          { header: ADMIN_TEXTS.produto, cell: (row) => row.produto_nome },
          { header: ADMIN_TEXTS.nome, cell: (row) => row.nome },
          { header: ADMIN_TEXTS.nomeDeExibicao, cell: (row) => row.nome_exibicao },
          { header: ADMIN_TEXTS.ordem, cell: (row) => row.ordem },
          { header: ADMIN_TEXTS.ativo, cell: (row) => yesNo(row.ativo) },
        ]}
      />
    </Screen>
  );
}

export function PlanEdit() {
  const id = routeId(useParams().id);
  return (
    <Screen title={id ? ADMIN_TEXTS.editarPlano : ADMIN_TEXTS.novoPlano}>
      <CrudEdit<typeof PlanoSaveSchema, Plano>
        base={API.plano}
        deleteTitle={(plano) => ADMIN_TEXTS.excluirPlano(plano.nome_exibicao)}
        id={id}
        schema={PlanoSaveSchema}
        empty={{
          nome: '',
          nome_exibicao: '',
          usuario_ilimitado: false,
          usuario_qtde: '',
          dispositivo_qtde: '',
          flag_valor_condicao: false,
          flag_enviar_foto: false,
          descricao_exibicao: '',
          ordem: '0',
          ativo: true,
        }}
        toForm={(entity) => formValuesOf(entity, PLANO_FIELDS)}
        toPayload={asPayload}
        navBackRoute={adminPath('planos')}
        extra={(plano) => (
          <section className="mt-4" aria-labelledby="pagamentos-titulo">
            <h2 id="pagamentos-titulo" className="h5">
              {ADMIN_TEXTS.opcoesDePagamento}
            </h2>
            <CrudList<PlanoPagamento>
              child
              caption={ADMIN_TEXTS.opcoesDePagamento}
              base={API.planoPagamento}
              params={{ gl_plano_id: plano.id }}
              addPath={adminPath('planos', plano.id, 'pagamentos', 'novo')}
              editPath={(row) => adminPath('planos', plano.id, 'pagamentos', row.id)}
              columns={[
                { header: ADMIN_TEXTS.periodicidade, cell: (row) => row.cobranca_tipo_desc },
                { header: ADMIN_TEXTS.valor, cell: (row) => formatMoney(row.valor) },
                { header: ADMIN_TEXTS.promocional, cell: (row) => (row.valor_promocional ? formatMoney(row.valor_promocional) : '-') },
                { header: ADMIN_TEXTS.gratuito, cell: (row) => yesNo(row.flag_gratuito) },
                { header: ADMIN_TEXTS.ativo, cell: (row) => yesNo(row.ativo) },
              ]}
            />
          </section>
        )}
      >
        {(form, entity) => (
          <div className="row">
            <DropdownField
              form={form}
              name="gl_produto_id"
              label={ADMIN_TEXTS.produto}
              required
              source={`${API.produto}/dropdown`}
              initial={entity ? { id: entity.gl_produto_id, text: entity.produto_nome } : null}
            />
            <InputField form={form} name="nome" label={ADMIN_TEXTS.nomeInterno} required />
            <InputField form={form} name="nome_exibicao" label={ADMIN_TEXTS.nomeDeExibicao} required />
            <InputField form={form} name="ordem" label={ADMIN_TEXTS.ordem} type="number" />
            <InputField form={form} name="usuario_qtde" label={ADMIN_TEXTS.usuarios} type="number" />
            <InputField form={form} name="dispositivo_qtde" label={ADMIN_TEXTS.dispositivos} type="number" />
            <CheckboxField form={form} name="usuario_ilimitado" label={ADMIN_TEXTS.usuariosIlimitados} />
            <CheckboxField form={form} name="flag_valor_condicao" label={ADMIN_TEXTS.valorSobCondicao} />
            <CheckboxField form={form} name="flag_enviar_foto" label={ADMIN_TEXTS.exigeComprovantesNaMudanca} />
            <CheckboxField form={form} name="ativo" label={ADMIN_TEXTS.ativo} />
            <TextAreaField form={form} name="descricao_exibicao" label={ADMIN_TEXTS.detalhesMarkdown} />
          </div>
        )}
      </CrudEdit>
    </Screen>
  );
}

const PAGAMENTO_FIELDS = [
  'cobranca_tipo',
  'cobranca_tipo_desc',
  'flag_gratuito',
  'flag_promocao',
  'valor',
  'valor_promocional',
  'promocao_meses',
  'ativo',
] as const;

/** A plan's payment option: a child entity (§2 parentEntityId = the plan, navBackRoute = the plan). */
export function PlanPaymentEdit() {
  const params = useParams();
  const id = routeId(params.id);
  const planoId = Number(params.parentId);
  const back = adminPath('planos', planoId);
  const parent = {
    base: API.plano,
    id: planoId,
    render: (plano: Record<string, unknown>) => (
      <p className="lead mb-0">
        {ADMIN_TEXTS.planoLabel}{' '}<strong>{String(plano.nome_exibicao)}</strong>
      </p>
    ),
  };
  const fields = (form: Parameters<Parameters<typeof CrudEdit<typeof PlanoPagamentoUpdateSchema, PlanoPagamento>>[0]['children']>[0]) => (
    <div className="row">
      <ChoiceField form={form} name="cobranca_tipo" label={ADMIN_TEXTS.periodicidade} required options={COBRANCA_TIPOS} />
      <InputField form={form} name="cobranca_tipo_desc" label={ADMIN_TEXTS.descricaoDaPeriodicidade} required />
      <DecimalField form={form} name="valor" label={ADMIN_TEXTS.valorR} required />
      <DecimalField form={form} name="valor_promocional" label={ADMIN_TEXTS.valorPromocionalR} />
      <InputField form={form} name="promocao_meses" label={ADMIN_TEXTS.promocaoMeses} type="number" hint={ADMIN_TEXTS.promocaoMesesHint} />
      <CheckboxField form={form} name="flag_gratuito" label={ADMIN_TEXTS.gratuito} />
      <CheckboxField form={form} name="flag_promocao" label={ADMIN_TEXTS.emPromocao} />
      <CheckboxField form={form} name="ativo" label={ADMIN_TEXTS.ativo} />
    </div>
  );
  return (
    <Screen title={id ? ADMIN_TEXTS.editarOpcaoDePagamento : ADMIN_TEXTS.novaOpcaoDePagamento}>
      {id === null ? (
        <CrudEdit<typeof PlanoPagamentoCreateSchema, PlanoPagamento>
          base={API.planoPagamento}
          id={null}
          schema={PlanoPagamentoCreateSchema}
          parent={parent}
          empty={{ gl_plano_id: planoId, cobranca_tipo: '', cobranca_tipo_desc: '', valor: '', valor_promocional: '', promocao_meses: '', flag_gratuito: false, flag_promocao: false, ativo: true }}
          toForm={(entity) => formValuesOf(entity, PAGAMENTO_FIELDS)}
          toPayload={asPayload}
          navBackRoute={back}
        >
          {(form) => fields(form as never)}
        </CrudEdit>
      ) : (
        <CrudEdit<typeof PlanoPagamentoUpdateSchema, PlanoPagamento>
          base={API.planoPagamento}
          deleteTitle={(pagamento) => ADMIN_TEXTS.excluirPagamento(pagamento.cobranca_tipo_desc)}
          id={id}
          schema={PlanoPagamentoUpdateSchema}
          parent={parent}
          empty={{}}
          toForm={(entity) => formValuesOf(entity, PAGAMENTO_FIELDS)}
          toPayload={asPayload}
          navBackRoute={back}
        >
          {(form) => fields(form)}
        </CrudEdit>
      )}
    </Screen>
  );
}

// --- payment accounts -------------------------------------------------------------------------

const CONTA_FIELDS = [
  'nome',
  'nome_exibicao',
  'descricao_exibicao',
  'ativo',
  'pix_chave_tipo',
  'pix_chave',
  'pix_nome',
  'pix_cidade',
  'pix_chave_compartilhada',
  'multa_percentual',
  'juros_mensal_percentual',
  'boleto_banco',
  'boleto_agencia',
  'boleto_agencia_dv',
  'boleto_conta',
  'boleto_conta_dv',
  'boleto_carteira',
  'boleto_convenio',
  'beneficiario_nome',
  'beneficiario_cpfcnpj',
  'beneficiario_endereco',
  'boleto_instrucoes',
] as const;

/** The banks a boleto account may use (issue 40), for the choice. */
const BOLETO_BANK_OPTIONS = [...BOLETO_BANKS.values()].map((bank) => ({ id: bank.code, text: `${bank.code} – ${bank.name}` }));

export function PaymentAccountList() {
  return (
    <Screen title={ADMIN_TEXTS.contasDePagamento}>
      <CrudList<Conta>
        caption={ADMIN_TEXTS.contasDePagamento}
        base={API.conta}
        addPath={adminPath('contas', 'novo')}
        editPath={(row) => adminPath('contas', row.id)}
        backPath={adminPath()}
        columns={[
          { header: ADMIN_TEXTS.id, cell: (row) => row.id },
          { header: ADMIN_TEXTS.nome, cell: (row) => row.nome },
          { header: ADMIN_TEXTS.nomeDeExibicao, cell: (row) => row.nome_exibicao },
          { header: ADMIN_TEXTS.descricao, cell: (row) => <Truncate text={row.descricao_exibicao} /> },
          { header: ADMIN_TEXTS.ativa, cell: (row) => yesNo(row.ativo) },
        ]}
      />
    </Screen>
  );
}

export function PaymentAccountEdit() {
  const id = routeId(useParams().id);
  return (
    <Screen title={id ? ADMIN_TEXTS.editarContaDePagamento : ADMIN_TEXTS.novaContaDePagamento}>
      <CrudEdit<typeof ContaSaveSchema, Conta>
        base={API.conta}
        deleteTitle={(conta) => ADMIN_TEXTS.excluirConta(conta.nome_exibicao)}
        id={id}
        schema={ContaSaveSchema}
        empty={{
          nome: '',
          nome_exibicao: '',
          descricao_exibicao: '',
          ativo: true,
          pix_chave_tipo: '',
          pix_chave: '',
          pix_nome: '',
          pix_cidade: '',
          pix_chave_compartilhada: false,
          multa_percentual: '0.00',
          juros_mensal_percentual: '0.00',
          boleto_banco: '',
          boleto_agencia: '',
          boleto_agencia_dv: '',
          boleto_conta: '',
          boleto_conta_dv: '',
          boleto_carteira: '',
          boleto_convenio: '',
          beneficiario_nome: '',
          beneficiario_cpfcnpj: '',
          beneficiario_endereco: '',
          boleto_instrucoes: '',
        }}
        toForm={(entity) => formValuesOf(entity, CONTA_FIELDS)}
        toPayload={asPayload}
        navBackRoute={adminPath('contas')}
        extra={(conta) => <PixWebhook conta={conta} />}
      >
        {(form) => (
          <div className="row">
            <InputField form={form} name="nome" label={ADMIN_TEXTS.nome} required />
            <InputField form={form} name="nome_exibicao" label={ADMIN_TEXTS.nomeDeExibicao} required />
            <TextAreaField form={form} name="descricao_exibicao" label={ADMIN_TEXTS.descricao} />
            <CheckboxField form={form} name="ativo" label={ADMIN_TEXTS.ativa} />
            <h2 className="h6 col-12 mt-2">{ADMIN_TEXTS.pix}</h2>
            <p className="small text-body-secondary col-12">{ADMIN_TEXTS.pixIntro}</p>
            <ChoiceField form={form} name="pix_chave_tipo" label={ADMIN_TEXTS.pixTipo} options={PIX_KEY_TYPES} />
            <InputField form={form} name="pix_chave" label={ADMIN_TEXTS.pixChave} />
            <InputField form={form} name="pix_nome" label={ADMIN_TEXTS.pixNome} maxLength={25} />
            <InputField form={form} name="pix_cidade" label={ADMIN_TEXTS.pixCidade} maxLength={15} />
            <CheckboxField form={form} name="pix_chave_compartilhada" label={ADMIN_TEXTS.pixChaveCompartilhada} />
            <h2 className="h6 col-12 mt-2">{ADMIN_TEXTS.encargos}</h2>
            <p className="small text-body-secondary col-12">{ADMIN_TEXTS.encargosIntro}</p>
            <DecimalField form={form} name="multa_percentual" label={ADMIN_TEXTS.multaPercentual} />
            <DecimalField form={form} name="juros_mensal_percentual" label={ADMIN_TEXTS.jurosPercentual} />
            <h2 className="h6 col-12 mt-2">{ADMIN_TEXTS.boletos}</h2>
            <p className="small text-body-secondary col-12">{ADMIN_TEXTS.boletosIntro}</p>
            <ChoiceField form={form} name="boleto_banco" label={ADMIN_TEXTS.boletoBanco} options={BOLETO_BANK_OPTIONS} />
            <InputField form={form} name="boleto_agencia" label={ADMIN_TEXTS.boletoAgencia} />
            <InputField form={form} name="boleto_agencia_dv" label={ADMIN_TEXTS.boletoAgenciaDv} maxLength={1} />
            <InputField form={form} name="boleto_conta" label={ADMIN_TEXTS.boletoConta} />
            <InputField form={form} name="boleto_conta_dv" label={ADMIN_TEXTS.boletoContaDv} maxLength={1} />
            <InputField form={form} name="boleto_carteira" label={ADMIN_TEXTS.boletoCarteira} />
            <InputField form={form} name="boleto_convenio" label={ADMIN_TEXTS.boletoConvenio} />
            <InputField form={form} name="beneficiario_nome" label={ADMIN_TEXTS.beneficiarioNome} />
            <InputField form={form} name="beneficiario_cpfcnpj" label={ADMIN_TEXTS.beneficiarioCpfcnpj} />
            <InputField form={form} name="beneficiario_endereco" label={ADMIN_TEXTS.beneficiarioEndereco} />
            <TextAreaField form={form} name="boleto_instrucoes" label={ADMIN_TEXTS.boletoInstrucoes} />
          </div>
        )}
      </CrudEdit>
    </Screen>
  );
}

/** What the PSP needs to confirm payments by itself (issue 20): the address, the account, the secret. */
function PixWebhook({ conta }: { conta: Conta }) {
  return (
    <section className="mt-4" aria-labelledby="pix-webhook-titulo">
      <h2 id="pix-webhook-titulo" className="h5">
        {ADMIN_TEXTS.pixWebhook}
      </h2>
      <p className="small text-body-secondary">{ADMIN_TEXTS.pixWebhookIntro}</p>
      <dl className="row small">
        <dt className="col-sm-4">{ADMIN_TEXTS.pixWebhookUrl}</dt>
        <dd className="col-sm-8">
          <code>{`${window.location.origin}/api/pg_fatura/webhook/pix`}</code>
        </dd>
        <dt className="col-sm-4">{ADMIN_TEXTS.pixWebhookConta}</dt>
        <dd className="col-sm-8">
          <code>{conta.id}</code>
        </dd>
      </dl>
      <OneTimeSecret<PixWebhookSecretResponse>
        base={API.conta}
        id={conta.id}
        endpoint={`${API.conta}/${conta.id}/pix_webhook_segredo`}
        secretOf={(data) => data.segredo}
        hasSecret={conta.tem_webhook_segredo}
        texts={{ novo: ADMIN_TEXTS.pixWebhookNovo, tem: ADMIN_TEXTS.pixWebhookTem, sem: ADMIN_TEXTS.pixWebhookSem }}
        inputId="pix-webhook-segredo"
      />
    </section>
  );
}
