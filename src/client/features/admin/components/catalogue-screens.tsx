import { useParams } from 'react-router';
import {
  COBRANCA_TIPOS,
  ContaSaveSchema,
  PlanoPagamentoCreateSchema,
  PlanoPagamentoUpdateSchema,
  PlanoSaveSchema,
  ProdutoSaveSchema,
} from '#shared/schemas/admin';
import { formatMoney } from '#shared/format';
import { CrudEdit } from '../../../components/crud/edit-page';
import { CheckboxField, ChoiceField, DecimalField, DropdownField, InputField, TextAreaField } from '../../../components/crud/form-fields';
import { CrudList } from '../../../components/crud/list-page';
import { Truncate } from '../../../components/widgets/readonly-values';
import { API, adminPath, routeId } from '../admin-paths';
import { asPayload, formValuesOf } from '../form-values';
import type { Conta, Plano, PlanoPagamento, Produto } from '../types';
import { Screen, yesNo } from './screen';

// --- products ---------------------------------------------------------------------------------

const PRODUTO_FIELDS = ['nome', 'url', 'logo_url', 'cadastro_usuario_inativo', 'cadastro_permitido', 'ativo'] as const;

export function ProdutoList() {
  return (
    <Screen title="Produtos">
      <CrudList<Produto>
        caption="Produtos"
        base={API.produto}
        addPath={adminPath('produtos', 'novo')}
        editPath={(row) => adminPath('produtos', row.id)}
        backPath={adminPath()}
        columns={[
          { header: 'ID', cell: (row) => row.id },
          { header: 'Nome', cell: (row) => row.nome },
          { header: 'URL', cell: (row) => <Truncate text={row.url} /> },
          { header: 'Cadastro permitido', cell: (row) => yesNo(row.cadastro_permitido) },
          { header: 'Ativo', cell: (row) => yesNo(row.ativo) },
        ]}
      />
    </Screen>
  );
}

export function ProdutoEdit() {
  const id = routeId(useParams().id);
  return (
    <Screen title={id ? 'Editar produto' : 'Novo produto'}>
      <CrudEdit<typeof ProdutoSaveSchema, Produto>
        base={API.produto}
        id={id}
        schema={ProdutoSaveSchema}
        empty={{ nome: '', url: '', logo_url: '', cadastro_usuario_inativo: false, cadastro_permitido: false, ativo: true }}
        toForm={(entity) => formValuesOf(entity, PRODUTO_FIELDS)}
        toPayload={asPayload}
        navBackRoute={adminPath('produtos')}
      >
        {(form) => (
          <div className="row">
            <InputField form={form} name="nome" label="Nome" required />
            <InputField form={form} name="url" label="URL após o login" required />
            <InputField form={form} name="logo_url" label="URL do logotipo" />
            <div className="col-md-6" />
            <CheckboxField form={form} name="cadastro_permitido" label="Permite cadastro ('Cadastre-se')" />
            <CheckboxField form={form} name="cadastro_usuario_inativo" label="Cadastro de usuário inativo" />
            <CheckboxField form={form} name="ativo" label="Ativo" />
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

export function PlanoList() {
  return (
    <Screen title="Planos">
      <CrudList<Plano>
        caption="Planos"
        base={API.plano}
        addPath={adminPath('planos', 'novo')}
        editPath={(row) => adminPath('planos', row.id)}
        backPath={adminPath()}
        columns={[
          { header: 'ID', cell: (row) => row.id },
          { header: 'Produto', cell: (row) => row.produto_nome },
          { header: 'Nome', cell: (row) => row.nome },
          { header: 'Nome de exibição', cell: (row) => row.nome_exibicao },
          { header: 'Ordem', cell: (row) => row.ordem },
          { header: 'Ativo', cell: (row) => yesNo(row.ativo) },
        ]}
      />
    </Screen>
  );
}

export function PlanoEdit() {
  const id = routeId(useParams().id);
  return (
    <Screen title={id ? 'Editar plano' : 'Novo plano'}>
      <CrudEdit<typeof PlanoSaveSchema, Plano>
        base={API.plano}
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
              Opções de pagamento
            </h2>
            <CrudList<PlanoPagamento>
              child
              caption="Opções de pagamento"
              base={API.planoPagamento}
              params={{ gl_plano_id: plano.id }}
              addPath={adminPath('planos', plano.id, 'pagamentos', 'novo')}
              editPath={(row) => adminPath('planos', plano.id, 'pagamentos', row.id)}
              columns={[
                { header: 'Periodicidade', cell: (row) => row.cobranca_tipo_desc },
                { header: 'Valor', cell: (row) => formatMoney(row.valor) },
                { header: 'Promocional', cell: (row) => (row.valor_promocional ? formatMoney(row.valor_promocional) : '-') },
                { header: 'Gratuito', cell: (row) => yesNo(row.flag_gratuito) },
                { header: 'Ativo', cell: (row) => yesNo(row.ativo) },
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
              label="Produto"
              required
              source={`${API.produto}/dropdown`}
              initial={entity ? { id: entity.gl_produto_id, text: entity.produto_nome } : null}
            />
            <InputField form={form} name="nome" label="Nome interno" required />
            <InputField form={form} name="nome_exibicao" label="Nome de exibição" required />
            <InputField form={form} name="ordem" label="Ordem" type="number" />
            <InputField form={form} name="usuario_qtde" label="Usuários" type="number" />
            <InputField form={form} name="dispositivo_qtde" label="Dispositivos" type="number" />
            <CheckboxField form={form} name="usuario_ilimitado" label="Usuários ilimitados" />
            <CheckboxField form={form} name="flag_valor_condicao" label="Valor sob condição" />
            <CheckboxField form={form} name="flag_enviar_foto" label="Exige comprovantes na mudança" />
            <CheckboxField form={form} name="ativo" label="Ativo" />
            <TextAreaField form={form} name="descricao_exibicao" label="Detalhes (markdown)" />
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
  'ativo',
] as const;

/** A plan's payment option: a child entity (§2 parentEntityId = the plan, navBackRoute = the plan). */
export function PlanoPagamentoEdit() {
  const params = useParams();
  const id = routeId(params.id);
  const planoId = Number(params.parentId);
  const back = adminPath('planos', planoId);
  const parent = {
    base: API.plano,
    id: planoId,
    render: (plano: Record<string, unknown>) => (
      <p className="lead mb-0">
        Plano: <strong>{String(plano.nome_exibicao)}</strong>
      </p>
    ),
  };
  const fields = (form: Parameters<Parameters<typeof CrudEdit<typeof PlanoPagamentoUpdateSchema, PlanoPagamento>>[0]['children']>[0]) => (
    <div className="row">
      <ChoiceField form={form} name="cobranca_tipo" label="Periodicidade" required options={COBRANCA_TIPOS} />
      <InputField form={form} name="cobranca_tipo_desc" label="Descrição da periodicidade" required />
      <DecimalField form={form} name="valor" label="Valor (R$)" required />
      <DecimalField form={form} name="valor_promocional" label="Valor promocional (R$)" />
      <CheckboxField form={form} name="flag_gratuito" label="Gratuito" />
      <CheckboxField form={form} name="flag_promocao" label="Em promoção" />
      <CheckboxField form={form} name="ativo" label="Ativo" />
    </div>
  );
  return (
    <Screen title={id ? 'Editar opção de pagamento' : 'Nova opção de pagamento'}>
      {id === null ? (
        <CrudEdit<typeof PlanoPagamentoCreateSchema, PlanoPagamento>
          base={API.planoPagamento}
          id={null}
          schema={PlanoPagamentoCreateSchema}
          parent={parent}
          empty={{ gl_plano_id: planoId, cobranca_tipo: '', cobranca_tipo_desc: '', valor: '', valor_promocional: '', flag_gratuito: false, flag_promocao: false, ativo: true }}
          toForm={(entity) => formValuesOf(entity, PAGAMENTO_FIELDS)}
          toPayload={asPayload}
          navBackRoute={back}
        >
          {(form) => fields(form as never)}
        </CrudEdit>
      ) : (
        <CrudEdit<typeof PlanoPagamentoUpdateSchema, PlanoPagamento>
          base={API.planoPagamento}
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

const CONTA_FIELDS = ['nome', 'nome_exibicao', 'descricao_exibicao', 'ativo'] as const;

export function ContaList() {
  return (
    <Screen title="Contas de pagamento">
      <CrudList<Conta>
        caption="Contas de pagamento"
        base={API.conta}
        addPath={adminPath('contas', 'novo')}
        editPath={(row) => adminPath('contas', row.id)}
        backPath={adminPath()}
        columns={[
          { header: 'ID', cell: (row) => row.id },
          { header: 'Nome', cell: (row) => row.nome },
          { header: 'Nome de exibição', cell: (row) => row.nome_exibicao },
          { header: 'Descrição', cell: (row) => <Truncate text={row.descricao_exibicao} /> },
          { header: 'Ativa', cell: (row) => yesNo(row.ativo) },
        ]}
      />
    </Screen>
  );
}

export function ContaEdit() {
  const id = routeId(useParams().id);
  return (
    <Screen title={id ? 'Editar conta de pagamento' : 'Nova conta de pagamento'}>
      <CrudEdit<typeof ContaSaveSchema, Conta>
        base={API.conta}
        id={id}
        schema={ContaSaveSchema}
        empty={{ nome: '', nome_exibicao: '', descricao_exibicao: '', ativo: true }}
        toForm={(entity) => formValuesOf(entity, CONTA_FIELDS)}
        toPayload={asPayload}
        navBackRoute={adminPath('contas')}
      >
        {(form) => (
          <div className="row">
            <InputField form={form} name="nome" label="Nome" required />
            <InputField form={form} name="nome_exibicao" label="Nome de exibição" required />
            <TextAreaField form={form} name="descricao_exibicao" label="Descrição" />
            <CheckboxField form={form} name="ativo" label="Ativa" />
          </div>
        )}
      </CrudEdit>
    </Screen>
  );
}
