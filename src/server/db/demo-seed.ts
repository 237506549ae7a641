/**
 * Demo data: products, plans, payment accounts, three clients, four users, contracts and a year
 * of invoices with NFS-e (their PDF and XML files go through FileStorage). It goes only into a
 * database with no users, in one transaction; the caller decides whether to run it at all (never
 * in production).
 */
import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { addCalendarMonths, addDays, instantOnSaoPauloClock, periodOf, todayInSaoPaulo } from '#shared/dates';
import { formatQuantity, fromCents } from '#shared/format';
import { hashPassword } from '#server/auth/password';
import { newInvoiceToken, registrarNfse } from '../modules/invoices/service.ts';
import { buildChaveAcesso } from '../modules/invoices/nfse-key.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import type { Database, Queryable } from './database.ts';
import { gerarDanfsePdf, gerarNfseXml, type DemoParte } from './demo-nfse.ts';
import { E2E_FATURA_TOKENS } from './e2e-tokens.ts';
import { CIDADE, seedReferenceData } from './reference-data.ts';
import { acceptCurrentVersions } from '../modules/privacy/legal-versions.ts';
import {
  glCliente,
  glClienteUsuario,
  glContrato,
  glPlano,
  glPlanoPagamento,
  glProduto,
  glUsuario,
  pgConta,
  pgFatura,
  pgFaturaItem,
} from './schema.ts';

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

/** Key of the advisory lock that keeps two starting instances from seeding at once. */
const DEMO_SEED_LOCK = 7_420_001;

/**
 * Moves a table's identity sequence past its largest id (and never backwards), so that inserts
 * without an id continue after rows inserted with explicit ids.
 */
async function syncIdentitySequence(db: Queryable, table: PgTable): Promise<void> {
  await db.execute(sql`
    select setval(
      seq,
      greatest(
        coalesce((select max(id) from ${table}), 0),
        coalesce(pg_sequence_last_value(seq::regclass), 0)
      ) + 1,
      false
    )
    from pg_get_serial_sequence(${getTableName(table)}, 'id') as seq`);
}

export interface DemoSeedOptions {
  /** "Now" for the dates of the demo (tests pin it). */
  agora?: Date;
  /** The fixed invoice tokens of e2e-tokens.ts instead of random ones (E2E_FIXED_TOKENS). */
  fixedTokens?: boolean;
}

/**
 * Seeds the demo data when there are no users yet. Returns true when it seeded. NFS-e files go to
 * `storage` (if the transaction fails they stay behind as orphans, harmless in a demo).
 */
export async function seedDemoData(
  db: Database,
  storage: FileStorage,
  { agora = new Date(), fixedTokens = false }: DemoSeedOptions = {},
): Promise<boolean> {
  if (await temUsuarios(db)) return false;
  // argon2 is slow by design: one hash, shared by every demo user, computed outside the transaction.
  const senhaHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_SEED_LOCK}::bigint)`);
    if (await temUsuarios(tx)) return false;
    await seedReferenceData(tx);
    await inserirDemo(tx, storage, senhaHash, agora, fixedTokens);
    return true;
  });
}

async function temUsuarios(db: Queryable): Promise<boolean> {
  const rows = await db.select({ id: glUsuario.id }).from(glUsuario).limit(1);
  return rows.length > 0;
}

function primeiro<T>(rows: T[]): T {
  const row = rows[0];
  if (row === undefined) throw new Error('Inserção sem retorno.');
  return row;
}

// ---------------------------------------------------------------------------------------------
// Dates (calendar days in America/Sao_Paulo) and money (integer cents)
// ---------------------------------------------------------------------------------------------

/** An instant at a wall-clock time in São Paulo. */
function instanteSaoPaulo(dia: string, hora: number, minuto: number): Date {
  const instante = instantOnSaoPauloClock(dia, hora, minuto);
  if (!instante) throw new Error(`Data inválida: ${dia}`);
  return instante;
}

/** The provider that issues the demo's NFS-e (a valid test CNPJ). */
const DEMO_PRESTADOR: DemoParte = {
  razao_social: 'Provedora Demo de Software Ltda',
  cpfcnpj: '11444777000161',
  endereco: 'Rua Vergueiro, 1000, Liberdade, São Paulo/SP, CEP 01504-000',
};

/** The provider's PIX key on its receiving accounts (issue 20): its CNPJ. */
const DEMO_PIX = {
  pix_chave_tipo: 'cnpj',
  pix_chave: DEMO_PRESTADOR.cpfcnpj,
  pix_nome: 'Provedora Demo Software',
  pix_cidade: 'SAO PAULO',
} as const;

// ---------------------------------------------------------------------------------------------
// The data
// ---------------------------------------------------------------------------------------------

async function inserirDemo(
  tx: Queryable,
  storage: FileStorage,
  senhaHash: string,
  agora: Date,
  fixedTokens: boolean,
): Promise<void> {
  const faturaToken = (cliente: keyof typeof E2E_FATURA_TOKENS) =>
    fixedTokens ? E2E_FATURA_TOKENS[cliente] : newInvoiceToken();
  const hoje = todayInSaoPaulo(agora);
  const { startDate: inicioMes, endDate: fimMes } = periodOf('month', hoje);

  // Products: explicit pids 1 and 2, then the identity continues at 3.
  await tx.insert(glProduto).values([
    {
      id: 1,
      nome: 'Portal Demo',
      url: '/painel',
      cadastro_permitido: true,
      cadastro_usuario_inativo: false,
    },
    {
      id: 2,
      nome: 'Sistema Parceiro',
      url: '/painel',
      cadastro_permitido: false,
      cadastro_usuario_inativo: true,
    },
  ]);
  await syncIdentitySequence(tx, glProduto);

  // Plans of pid 1.
  const gratuito = primeiro(
    await tx
      .insert(glPlano)
      .values({
        gl_produto_id: 1,
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
      })
      .returning(),
  );
  const profissional = primeiro(
    await tx
      .insert(glPlano)
      .values({
        gl_produto_id: 1,
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
      })
      .returning(),
  );
  const empresarial = primeiro(
    await tx
      .insert(glPlano)
      .values({
        gl_produto_id: 1,
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
      })
      .returning(),
  );

  const gratuitoMensal = primeiro(
    await tx
      .insert(glPlanoPagamento)
      .values({
        gl_plano_id: gratuito.id,
        cobranca_tipo: 1,
        cobranca_tipo_desc: 'Mensal',
        flag_gratuito: true,
        valor: '0.00',
      })
      .returning(),
  );
  const profissionalMensal = primeiro(
    await tx
      .insert(glPlanoPagamento)
      .values({
        gl_plano_id: profissional.id,
        cobranca_tipo: 1,
        cobranca_tipo_desc: 'Mensal',
        flag_promocao: true,
        valor: '149.90',
        valor_promocional: '119.90',
      })
      .returning(),
  );
  await tx.insert(glPlanoPagamento).values({
    gl_plano_id: profissional.id,
    cobranca_tipo: 12,
    cobranca_tipo_desc: 'Anual',
    valor: '1499.00',
  });
  const empresarialMensal = primeiro(
    await tx
      .insert(glPlanoPagamento)
      .values({
        gl_plano_id: empresarial.id,
        cobranca_tipo: 1,
        cobranca_tipo_desc: 'Mensal',
        valor: '399.00',
      })
      .returning(),
  );

  // Payment accounts.
  const [boleto, pix] = await tx
    .insert(pgConta)
    .values([
      {
        nome: 'Boleto',
        nome_exibicao: 'Boleto bancário',
        descricao_exibicao:
          'Pague em qualquer banco ou lotérica; a compensação leva até 3 dias úteis.',
        ...DEMO_PIX,
      },
      {
        nome: 'Pix',
        nome_exibicao: 'Pix',
        descricao_exibicao: 'Pagamento instantâneo pelo QR Code, confirmado na hora.',
        ...DEMO_PIX,
      },
      {
        nome: 'Cartão',
        nome_exibicao: 'Cartão de crédito',
        descricao_exibicao: 'Cobrança automática no cartão de crédito a cada período.',
      },
    ])
    .returning();
  if (!boleto || !pix) throw new Error('Inserção sem retorno.');

  // Clients.
  const empresaDemo = primeiro(
    await tx
      .insert(glCliente)
      .values({
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
        gl_cidade_id: CIDADE.saoPaulo,
        fatura_token: faturaToken('empresaDemo'),
      })
      .returning(),
  );
  const mariaSouza = primeiro(
    await tx
      .insert(glCliente)
      .values({
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
        gl_cidade_id: CIDADE.beloHorizonte,
        data_nascimento: '1985-03-14',
        fatura_token: faturaToken('mariaSouza'),
      })
      .returning(),
  );
  const novaEmpresa = primeiro(
    await tx
      .insert(glCliente)
      .values({
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
        gl_cidade_id: CIDADE.curitiba,
        fatura_token: faturaToken('novaEmpresa'),
      })
      .returning(),
  );

  // Users (one argon2id hash for all of them) and their client links.
  const usuarios = await tx
    .insert(glUsuario)
    .values([
      {
        nome: 'Administradora Demo',
        apelido: 'Admin',
        email: 'admin@exemplo.com.br',
        telefone_celular: '11990000001',
        senha_hash: senhaHash,
        nivel: 1,
      },
      {
        nome: 'Gabriel Oliveira',
        apelido: 'Gabriel',
        email: 'gerente@exemplo.com.br',
        telefone_celular: '11990000002',
        senha_hash: senhaHash,
      },
      {
        nome: 'Lucas Pereira',
        apelido: 'Lucas',
        email: 'usuario@exemplo.com.br',
        telefone_celular: '11990000003',
        senha_hash: senhaHash,
      },
      {
        nome: 'Maria Souza',
        apelido: 'Maria',
        email: 'multi@exemplo.com.br',
        telefone_celular: '31991234567',
        senha_hash: senhaHash,
      },
    ])
    .returning({ id: glUsuario.id, email: glUsuario.email });
  const idDe = (email: string): number => {
    const usuario = usuarios.find((u) => u.email === email);
    if (!usuario) throw new Error(`Usuário demo ausente: ${email}`);
    return usuario.id;
  };
  await tx.insert(glClienteUsuario).values([
    { gl_cliente_id: empresaDemo.id, gl_usuario_id: idDe('gerente@exemplo.com.br'), nivel: 10 },
    { gl_cliente_id: empresaDemo.id, gl_usuario_id: idDe('usuario@exemplo.com.br'), nivel: 20 },
    { gl_cliente_id: mariaSouza.id, gl_usuario_id: idDe('multi@exemplo.com.br'), nivel: 10 },
    { gl_cliente_id: novaEmpresa.id, gl_usuario_id: idDe('multi@exemplo.com.br'), nivel: 10 },
  ]);
  // The demo people accepted the legal pages in force, as a sign-up records it (issue 19).
  for (const usuario of usuarios) {
    await acceptCurrentVersions(tx, usuario.id, { ip: '127.0.0.1', now: new Date() });
  }

  // Contracts on pid 1, each for the current month.
  const contratoEmpresaDemo = primeiro(
    await tx
      .insert(glContrato)
      .values({
        gl_cliente_id: empresaDemo.id,
        gl_produto_id: 1,
        gl_plano_id: profissional.id,
        gl_plano_pagamento_id: profissionalMensal.id,
        pg_conta_id: boleto.id,
        periodo_inicio: inicioMes,
        periodo_fim: fimMes,
      })
      .returning(),
  );
  await tx.insert(glContrato).values([
    {
      gl_cliente_id: mariaSouza.id,
      gl_produto_id: 1,
      gl_plano_id: gratuito.id,
      gl_plano_pagamento_id: gratuitoMensal.id,
      pg_conta_id: null,
      periodo_inicio: inicioMes,
      periodo_fim: fimMes,
    },
    {
      gl_cliente_id: novaEmpresa.id,
      gl_produto_id: 1,
      gl_plano_id: empresarial.id,
      gl_plano_pagamento_id: empresarialMensal.id,
      pg_conta_id: pix.id,
      periodo_inicio: inicioMes,
      periodo_fim: fimMes,
    },
  ]);

  const tomador: DemoParte = {
    razao_social: empresaDemo.razao_social,
    cpfcnpj: empresaDemo.cpfcnpj,
    endereco: 'Avenida Paulista, 1000, Conjunto 101, Bela Vista, São Paulo/SP, CEP 01310-100',
  };
  await inserirFaturas(tx, storage, empresaDemo.id, tomador, contratoEmpresaDemo.id, hoje);
}

interface ItemDemo {
  codigo: string;
  descricao: string;
  unidade: string;
  qtde: string;
  centavos: number;
}

/**
 * Which links each paid month's NFS-e has, so every case of the list's actions shows up:
 * city-hall page, national key (its public consultation), PDF; the oldest note has none at all.
 */
function linksDaNota(mesesAtras: number) {
  if (mesesAtras === 11) return { url: false, chave: false, arquivos: false, pdf: false };
  if (mesesAtras === 10) return { url: true, chave: false, arquivos: true, pdf: false };
  if (mesesAtras === 9) return { url: false, chave: false, arquivos: true, pdf: true };
  if (mesesAtras >= 6) return { url: false, chave: true, arquivos: true, pdf: true };
  return { url: true, chave: true, arquivos: true, pdf: true };
}

/**
 * Twelve monthly invoices of Empresa Demonstração, due on the 10th of the current month and the
 * eleven before it: the current one open (5), two overdue (8), the rest paid (6) with an NFS-e
 * (its DANFSe PDF and XML generated and stored, see linksDaNota).
 */
async function inserirFaturas(
  tx: Queryable,
  storage: FileStorage,
  clienteId: number,
  tomador: DemoParte,
  contratoId: number,
  hoje: string,
): Promise<void> {
  for (let mesesAtras = 11; mesesAtras >= 0; mesesAtras -= 1) {
    const competencia = periodOf('month', addCalendarMonths(hoje, -mesesAtras)).startDate;
    const vencimento = addDays(competencia, 9);
    const [ano, mes] = competencia.split('-');
    const situacao = mesesAtras === 0 ? 5 : mesesAtras === 1 || mesesAtras === 3 ? 8 : 6;

    // The promotional price started six months ago; before it the full price was charged.
    const itens: ItemDemo[] = [
      {
        codigo: '1.05',
        descricao: 'Licenciamento de software',
        unidade: 'UN',
        qtde: '1',
        centavos: mesesAtras >= 6 ? 14990 : 11990,
      },
    ];
    if (mesesAtras === 2 || mesesAtras === 7) {
      itens.push({
        codigo: '1.07',
        descricao: 'Suporte técnico avulso',
        unidade: 'H',
        qtde: '1.5',
        centavos: 9000,
      });
    }
    if (mesesAtras === 4) {
      // Quantity 0: the invoice detail shows the cell blank.
      itens.push({
        codigo: '1.05',
        descricao: 'Usuário adicional (cortesia)',
        unidade: 'UN',
        qtde: '0',
        centavos: 0,
      });
    }
    const totalCentavos = itens.reduce((soma, item) => soma + item.centavos, 0);

    const discriminacao = [
      `Licenciamento de uso do software Portal Demo, plano Profissional (Mensal), competência ${mes}/${ano}.`,
      ...itens
        .slice(1)
        .filter((item) => Number(item.qtde) > 0)
        .map((item) => `${item.descricao}: ${formatQuantity(item.qtde)} ${item.unidade}.`),
    ].join('\n');

    const pago = situacao === 6;
    const confirmado = pago
      ? instanteSaoPaulo(addDays(competencia, 9 - (mesesAtras % 3)), 14, 30)
      : null;

    const fatura = primeiro(
      await tx
        .insert(pgFatura)
        .values({
          gl_cliente_id: clienteId,
          gl_contrato_id: contratoId,
          situacao,
          data_vencimento: vencimento,
          datahora_confirmado: confirmado,
          valor: fromCents(totalCentavos),
          servico_discriminacao: discriminacao,
          data_competencia: competencia,
        })
        .returning({ id: pgFatura.id }),
    );
    await tx.insert(pgFaturaItem).values(
      itens.map((item) => ({
        pg_fatura_id: fatura.id,
        codigo: item.codigo,
        descricao: item.descricao,
        unidade: item.unidade,
        qtde: item.qtde,
        valor: fromCents(item.centavos),
      })),
    );

    if (confirmado) {
      const numero = String(2000 + (12 - mesesAtras));
      const emissao = new Date(confirmado.getTime() + 2 * 60 * 60 * 1000);
      const links = linksDaNota(mesesAtras);
      const chave = links.chave
        ? buildChaveAcesso({
            codigoMunicipio: CIDADE.saoPaulo,
            ambienteGerador: 2,
            inscricaoFederal: DEMO_PRESTADOR.cpfcnpj,
            numero: Number(numero),
            ano: emissao.getUTCFullYear(),
            mes: emissao.getUTCMonth() + 1,
            codigoNumerico: 100_000_000 + ((fatura.id * 7919) % 800_000_000),
          })
        : null;
      const nota = {
        numero,
        emissao,
        competencia,
        chave,
        prestador: DEMO_PRESTADOR,
        tomador,
        discriminacao,
        itens: itens.map((item) => ({ ...item, valor: fromCents(item.centavos) })),
        total: fromCents(totalCentavos),
      };
      await registrarNfse(tx, storage, {
        pg_fatura_id: fatura.id,
        nf_numero: numero,
        datahora_emissao: emissao,
        chave_acesso: chave,
        url_visualizar: links.url ? `https://nfse.prefeitura.example/notas/${numero}` : null,
        pdf: links.pdf ? await gerarDanfsePdf(nota) : null,
        xml: links.arquivos ? gerarNfseXml(nota) : null,
      });
    }
  }
}
