/**
 * The demo data as records: products, plans and their payment options, payment accounts, three
 * clients, four users and their links, three contracts, the adjustments billed in a year of
 * history and which invoices are paid (with which NFS-e). demo-seed.ts inserts them, in the order
 * written here (the ids follow it); demo-billing-history.ts makes the year of invoices.
 */
import type { InferInsertModel } from 'drizzle-orm';
import { CITY } from '../../platform/db/reference-data.ts';
import type {
  glCliente,
  glContratoAjuste,
  glPlano,
  glPlanoPagamento,
  glProduto,
  glUsuario,
  pgConta,
} from '../../platform/db/schema.ts';
import { DEMO_PROVIDER } from '../invoices/index.ts';
import type { DemoParte } from './demo-nfse.ts';
import type { E2E_INVOICE_TOKENS } from './e2e-tokens.ts';

export const DEMO_PASSWORD = 'demo1234';

/** The demo logins, for the start script to print. */
export const DEMO_LOGINS = [
  {
    email: 'admin@exemplo.com.br',
    papel: 'Administradora da equipe (nível 1)',
    senha: DEMO_PASSWORD,
  },
  {
    email: 'gerente@exemplo.com.br',
    papel: 'Gerente da conta Empresa Demonstração Ltda (nível 10)',
    senha: DEMO_PASSWORD,
  },
  {
    email: 'usuario@exemplo.com.br',
    papel: 'Usuário da conta Empresa Demonstração Ltda (nível 20)',
    senha: DEMO_PASSWORD,
  },
  {
    email: 'multi@exemplo.com.br',
    papel: 'Gerente de duas contas: Maria Souza e Nova Empresa S.A. (nível 10)',
    senha: DEMO_PASSWORD,
  },
] as const;

// ---------------------------------------------------------------------------------------------
// Catalogue: products, plans, payment options, payment accounts
// ---------------------------------------------------------------------------------------------

/** Products with explicit pids 1 and 2; the identity then continues at 3. */
export const DEMO_PRODUCTS: InferInsertModel<typeof glProduto>[] = [
  {
    id: 1,
    nome: 'Portal Demo',
    url: '/painel',
    cadastro_permitido: true,
    cadastro_usuario_inativo: false,
    // Decision 102: invoices fall due 30 days after they are issued.
    fatura_vencimento_tipo: 'dias_apos_emissao',
    fatura_vencimento_valor: 30,
  },
  {
    id: 2,
    nome: 'Sistema Parceiro',
    url: '/painel',
    cadastro_permitido: false,
    cadastro_usuario_inativo: true,
  },
];

/** The pid the demo's plans and contracts are on. */
export const DEMO_PRODUCT_ID = 1;

type PlanRecord = Omit<InferInsertModel<typeof glPlano>, 'gl_produto_id'>;
type PaymentOptionRecord = Omit<InferInsertModel<typeof glPlanoPagamento>, 'gl_plano_id'>;

/** The plans of DEMO_PRODUCT_ID, each with its payment options (keyed for the contracts). */
export const DEMO_PLANS = {
  gratuito: {
    plano: {
      nome: 'gratuito',
      nome_exibicao: 'Gratuito',
      usuario_qtde: 1,
      dispositivo_qtde: 1,
      ordem: 1,
      descricao_exibicao: [
        'Para conhecer o sistema sem compromisso:',
        '',
        '- 1 usuário e 1 dispositivo',
        '- Cadastro de clientes e produtos',
        '- Até **50 documentos** por mês',
        '- Suporte pela central de ajuda',
      ].join('\n'),
    },
    pagamentos: {
      mensal: { cobranca_tipo: 1, cobranca_tipo_desc: 'Mensal', flag_gratuito: true, valor: '0.00' },
    },
  },
  profissional: {
    plano: {
      nome: 'profissional',
      nome_exibicao: 'Profissional',
      usuario_qtde: 5,
      dispositivo_qtde: 10,
      ordem: 2,
      descricao_exibicao: [
        'Para pequenas equipes:',
        '',
        '- Até 5 usuários e 10 dispositivos',
        '- Documentos **ilimitados**',
        '- Relatórios gerenciais e exportação para planilha',
        '- Suporte por e-mail e chat em horário comercial',
      ].join('\n'),
    },
    pagamentos: {
      mensal: {
        cobranca_tipo: 1,
        cobranca_tipo_desc: 'Mensal',
        flag_promocao: true,
        valor: '149.90',
        valor_promocional: '119.90',
      },
      anual: { cobranca_tipo: 12, cobranca_tipo_desc: 'Anual', valor: '1499.00' },
    },
  },
  empresarial: {
    plano: {
      nome: 'empresarial',
      nome_exibicao: 'Empresarial',
      usuario_ilimitado: true,
      usuario_qtde: null,
      dispositivo_qtde: 50,
      flag_enviar_foto: true,
      ordem: 3,
      descricao_exibicao: [
        'Para empresas com várias filiais:',
        '',
        '- Usuários **ilimitados** e até 50 dispositivos',
        '- Múltiplas filiais e permissões por perfil',
        '- Integração por API',
        '- Suporte prioritário por telefone',
        '',
        '_Requer o envio do contrato social e do comprovante de endereço._',
      ].join('\n'),
    },
    pagamentos: {
      mensal: { cobranca_tipo: 1, cobranca_tipo_desc: 'Mensal', valor: '399.00' },
    },
  },
} satisfies Record<string, { plano: PlanRecord; pagamentos: Record<string, PaymentOptionRecord> }>;

type DemoPlan = keyof typeof DEMO_PLANS;

/** The provider that issues the demo's NFS-e (a valid test CNPJ). */
export const DEMO_NFSE_PROVIDER: DemoParte = DEMO_PROVIDER;

/** The provider's PIX key on its receiving accounts (issue 20): its CNPJ. */
const DEMO_PIX = {
  pix_chave_tipo: 'cnpj',
  pix_chave: DEMO_NFSE_PROVIDER.cpfcnpj,
  pix_nome: 'Provedora Demo Software',
  pix_cidade: 'SAO PAULO',
} as const;

/** Payment accounts (keyed for the contracts). */
export const DEMO_ACCOUNTS = {
  boleto: {
    nome: 'Boleto',
    nome_exibicao: 'Boleto bancário',
    descricao_exibicao: 'Pague em qualquer banco ou lotérica; a compensação leva até 3 dias úteis.',
    ...DEMO_PIX,
    // Late charges as most providers set them (issue 39): the CDC's 2 % fine, 1 % a month.
    multa_percentual: '2.00',
    juros_mensal_percentual: '1.00',
    // Registered boletos at Banco do Brasil (issue 40): a convênio of 7 digits, carteira 17.
    boleto_banco: '001',
    boleto_agencia: '1234',
    boleto_agencia_dv: '3',
    boleto_conta: '123456',
    boleto_conta_dv: '7',
    boleto_carteira: '17',
    boleto_convenio: '2345678',
    beneficiario_nome: DEMO_NFSE_PROVIDER.razao_social,
    beneficiario_cpfcnpj: DEMO_NFSE_PROVIDER.cpfcnpj,
    beneficiario_endereco: DEMO_NFSE_PROVIDER.endereco,
    boleto_instrucoes: 'Não receber após 30 dias do vencimento.',
  },
  pix: {
    nome: 'Pix',
    nome_exibicao: 'Pix',
    descricao_exibicao: 'Pagamento instantâneo pelo QR Code, confirmado na hora.',
    ...DEMO_PIX,
    // The same key as the boleto's account, confirmed by staff (one PSP, two accounts).
    pix_chave_compartilhada: true,
    multa_percentual: '2.00',
    juros_mensal_percentual: '1.00',
  },
  cartao: {
    nome: 'Cartão',
    nome_exibicao: 'Cartão de crédito',
    descricao_exibicao: 'Cobrança automática no cartão de crédito a cada período.',
  },
} satisfies Record<string, InferInsertModel<typeof pgConta>>;

type DemoAccount = keyof typeof DEMO_ACCOUNTS;

// ---------------------------------------------------------------------------------------------
// Clients, users and their links
// ---------------------------------------------------------------------------------------------

/** The clients, keyed as their fixed invoice tokens are (e2e-tokens.ts); the loader adds the token. */
export const DEMO_CLIENTS = {
  empresaDemo: {
    tipo_pessoa: 2,
    cpfcnpj: '11222333000181',
    razao_social: 'Empresa Demonstração Ltda',
    nome_fantasia: 'Empresa Demo',
    email: 'financeiro.empresademo@exemplo.com.br',
    telefone_fixo: '1132104500',
    telefone_celular: '11987654321',
    end_cep: '01310100',
    end_logradouro: 'Avenida Paulista',
    end_numero: '1000',
    end_complemento: 'Conjunto 101',
    end_bairro: 'Bela Vista',
    gl_cidade_id: CITY.saoPaulo,
  },
  mariaSouza: {
    tipo_pessoa: 1,
    cpfcnpj: '52998224725',
    razao_social: 'Maria Souza',
    nome_fantasia: 'Maria Souza',
    email: 'maria.souza@exemplo.com.br',
    telefone_celular: '31991234567',
    end_cep: '30160011',
    end_logradouro: 'Rua da Bahia',
    end_numero: '1148',
    end_complemento: 'Apto 502',
    end_bairro: 'Centro',
    gl_cidade_id: CITY.beloHorizonte,
    data_nascimento: '1985-03-14',
  },
  novaEmpresa: {
    tipo_pessoa: 2,
    cpfcnpj: '12ABC34501DE35',
    razao_social: 'Nova Empresa S.A.',
    nome_fantasia: 'Nova Empresa',
    email: 'contato.novaempresa@exemplo.com.br',
    telefone_fixo: '4130221100',
    telefone_celular: '41998765432',
    end_cep: '80020310',
    end_logradouro: 'Rua XV de Novembro',
    end_numero: '700',
    end_complemento: null,
    end_bairro: 'Centro',
    gl_cidade_id: CITY.curitiba,
  },
} satisfies Record<keyof typeof E2E_INVOICE_TOKENS, Omit<InferInsertModel<typeof glCliente>, 'fatura_token'>>;

export type DemoClient = keyof typeof DEMO_CLIENTS;

/** The users; the loader adds the password hash (one argon2id hash of DEMO_PASSWORD for all). */
export const DEMO_USERS: Omit<InferInsertModel<typeof glUsuario>, 'senha_hash'>[] = [
  {
    nome: 'Administradora Demo',
    apelido: 'Admin',
    email: 'admin@exemplo.com.br',
    telefone_celular: '11990000001',
    nivel: 1,
  },
  {
    nome: 'Gabriel Oliveira',
    apelido: 'Gabriel',
    email: 'gerente@exemplo.com.br',
    telefone_celular: '11990000002',
  },
  {
    nome: 'Lucas Pereira',
    apelido: 'Lucas',
    email: 'usuario@exemplo.com.br',
    telefone_celular: '11990000003',
  },
  {
    nome: 'Maria Souza',
    apelido: 'Maria',
    email: 'multi@exemplo.com.br',
    telefone_celular: '31991234567',
  },
];

/** Who works for which client, at which level (gl_cliente_usuario). */
export const DEMO_CLIENT_USERS: { cliente: DemoClient; email: string; nivel: number }[] = [
  { cliente: 'empresaDemo', email: 'gerente@exemplo.com.br', nivel: 10 },
  { cliente: 'empresaDemo', email: 'usuario@exemplo.com.br', nivel: 20 },
  { cliente: 'mariaSouza', email: 'multi@exemplo.com.br', nivel: 10 },
  { cliente: 'novaEmpresa', email: 'multi@exemplo.com.br', nivel: 10 },
];

/** Where the demo people accepted the legal pages in force, as a sign-up records it (issue 19). */
export const DEMO_CONSENT_IP = '127.0.0.1';

// ---------------------------------------------------------------------------------------------
// Contracts and their year of billing
// ---------------------------------------------------------------------------------------------

export interface DemoContract {
  cliente: DemoClient;
  plano: DemoPlan;
  /** A key of the plan's `pagamentos`. */
  pagamento: string;
  conta: DemoAccount | null;
}

/**
 * Contracts on DEMO_PRODUCT_ID, started DEMO_MESES periods ago; the billing run makes their
 * invoices. One on a promotion keeps it while it stays on the option (DEMO_PROMOTION_MONTHS).
 */
export const DEMO_CONTRACTS = [
  { cliente: 'empresaDemo', plano: 'profissional', pagamento: 'mensal', conta: 'boleto' },
  { cliente: 'novaEmpresa', plano: 'empresarial', pagamento: 'mensal', conta: 'pix' },
  { cliente: 'mariaSouza', plano: 'gratuito', pagamento: 'mensal', conta: null },
] as const satisfies readonly DemoContract[];

/** Periods of history the demo's contracts are billed for, the last one included. */
export const DEMO_MESES = 12;
/** The demo billing's lead time: BILLING_LEAD_DAYS' default. */
export const DEMO_LEAD_DAYS = 10;
export const DEMO_BILLING = {
  providerName: 'Portal do Cliente',
  publicUrl: 'http://localhost:3000',
  leadDays: DEMO_LEAD_DAYS,
};
/** Far enough: the demo's promotion lasts while the contract stays on the option. */
export const DEMO_PROMOTION_MONTHS = 1200;

/**
 * Extra lines of Empresa Demonstração's contract, added before the billing of the period
 * `mesesAtras` periods before the last (the invoices show them as items): an hour and a half of
 * support twice, a courtesy user once (quantity 0: the invoice detail shows the cell blank).
 */
const SUPORTE_AVULSO = { descricao: 'Suporte técnico avulso', unidade: 'H', qtde: '1.5', valor: '90.00' };
export const DEMO_ADJUSTMENTS: ({
  cliente: DemoClient;
  mesesAtras: number;
} & Omit<InferInsertModel<typeof glContratoAjuste>, 'gl_contrato_id'>)[] = [
  { cliente: 'empresaDemo', mesesAtras: 7, ...SUPORTE_AVULSO },
  {
    cliente: 'empresaDemo',
    mesesAtras: 4,
    descricao: 'Usuário adicional (cortesia)',
    unidade: 'UN',
    qtde: '0',
    valor: '0.00',
  },
  { cliente: 'empresaDemo', mesesAtras: 2, ...SUPORTE_AVULSO },
];

/**
 * The demo's payments, per contract (by its client): every invoice but the newest (open) and
 * those `emAberto` periods before it (left overdue) is paid a few days before it fell due; with
 * `tomadorEndereco`, each paid invoice has its NFS-e (DANFSe PDF and XML, see demoNfseLinks).
 */
export const DEMO_PAYMENTS: { cliente: DemoClient; emAberto: number[]; tomadorEndereco: string | null }[] = [
  {
    cliente: 'empresaDemo',
    emAberto: [2, 4],
    tomadorEndereco: 'Avenida Paulista, 1000, Conjunto 101, Bela Vista, São Paulo/SP, CEP 01310-100',
  },
  { cliente: 'novaEmpresa', emAberto: [], tomadorEndereco: null },
];

export interface DemoNfseLinks {
  /** The city hall's page of the note. */
  url: boolean;
  /** The national access key (its public consultation). */
  chave: boolean;
  /** The XML stored. */
  arquivos: boolean;
  /** The DANFSe PDF stored. */
  pdf: boolean;
}

/**
 * Which links each paid month's NFS-e has (by `mesesAtras`), so every case of the list's actions
 * shows up: city-hall page, national key, PDF; the oldest note has none at all.
 */
export function demoNfseLinks(mesesAtras: number): DemoNfseLinks {
  if (mesesAtras === 11) return { url: false, chave: false, arquivos: false, pdf: false };
  if (mesesAtras === 10) return { url: true, chave: false, arquivos: true, pdf: false };
  if (mesesAtras === 9) return { url: false, chave: false, arquivos: true, pdf: true };
  if (mesesAtras >= 6) return { url: false, chave: true, arquivos: true, pdf: true };
  return { url: true, chave: true, arquivos: true, pdf: true };
}
