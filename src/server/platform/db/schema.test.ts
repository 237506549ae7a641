import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from './database.ts';
import { createTestDatabase } from '#tests/helpers/test-database.ts';
import {
  MUNICIPALITY_COUNT,
  municipalityRows,
  nomeBusca,
  seedReferenceData,
} from './reference-data.ts';
import {
  glCidade,
  glCliente,
  glClienteUsuario,
  glContrato,
  glContratoEvento,
  glEstado,
  glPlano,
  glPlanoPagamento,
  glProduto,
  glUsuario,
  glUsuarioTotpPasso,
} from './schema.ts';

let handle: DatabaseHandle;
let db: Database;

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
});

afterAll(async () => {
  await handle?.close();
});

/** The SQLSTATE of a failed statement (drizzle wraps the driver's error as `cause`). */
async function sqlState(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    const withCode = (value: unknown): string | undefined =>
      typeof value === 'object' &&
      value !== null &&
      'code' in value &&
      typeof value.code === 'string'
        ? value.code
        : undefined;
    return withCode(error) ?? withCode((error as { cause?: unknown }).cause);
  }
  return undefined;
}

/** Both drivers (pg and PGlite) answer db.execute with { rows }; the Database type says unknown. */
function linhas<T>(result: unknown): T[] {
  if (
    typeof result === 'object' &&
    result !== null &&
    'rows' in result &&
    Array.isArray(result.rows)
  ) {
    return result.rows as T[];
  }
  throw new Error('Resultado sem rows.');
}

const UNIQUE_VIOLATION = '23505';
const CHECK_VIOLATION = '23514';
/** ON DELETE RESTRICT: restrict_violation on PostgreSQL 17 (PGlite), foreign_key_violation before. */
const RESTRICT_VIOLATIONS = ['23001', '23503'];

let sequencia = 0;
const token = () => randomBytes(32).toString('base64url');

async function novoUsuario(email = `pessoa${++sequencia}@teste.com.br`) {
  const [row] = await db
    .insert(glUsuario)
    .values({ nome: 'Pessoa Teste', email, senha_hash: 'x' })
    .returning();
  if (!row) throw new Error('sem retorno');
  return row;
}

/** A syntactically valid (not check-digit valid) CNPJ unique to this run. */
async function novoCliente() {
  const cnpj = String(10_000_000_000_000 + ++sequencia);
  const [row] = await db
    .insert(glCliente)
    .values({
      tipo_pessoa: 2,
      cpfcnpj: cnpj,
      razao_social: `Cliente ${cnpj}`,
      fatura_token: token(),
    })
    .returning();
  if (!row) throw new Error('sem retorno');
  return row;
}

async function novoContrato() {
  const cliente = await novoCliente();
  const [produto] = await db
    .insert(glProduto)
    .values({ nome: 'Produto', url: '/painel' })
    .returning();
  if (!produto) throw new Error('sem retorno');
  const [plano] = await db
    .insert(glPlano)
    .values({ gl_produto_id: produto.id, nome: 'p', nome_exibicao: 'Plano' })
    .returning();
  if (!plano) throw new Error('sem retorno');
  const [pagamento] = await db
    .insert(glPlanoPagamento)
    .values({
      gl_plano_id: plano.id,
      cobranca_tipo: 1,
      cobranca_tipo_desc: 'Mensal',
      valor: '10.00',
    })
    .returning();
  if (!pagamento) throw new Error('sem retorno');
  const [contrato] = await db
    .insert(glContrato)
    .values({
      gl_cliente_id: cliente.id,
      gl_produto_id: produto.id,
      gl_plano_id: plano.id,
      gl_plano_pagamento_id: pagamento.id,
      periodo_inicio: '2025-01-01',
      periodo_fim: '2025-01-31',
    })
    .returning();
  if (!contrato) throw new Error('sem retorno');
  return { cliente, produto, plano, pagamento, contrato };
}

describe('schema and migration', () => {
  it('applies the migration and creates every table', async () => {
    const result: unknown = await db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const tables = linhas<{ table_name: string }>(result).map((row) => row.table_name);
    expect(tables).toEqual(
      expect.arrayContaining([
        'gl_acesso_evento',
        'gl_acesso_tentativa',
        'gl_arquivo',
        'gl_cidade',
        'gl_cliente',
        'gl_cliente_usuario',
        'gl_contrato',
        'gl_contrato_evento',
        'gl_contrato_evento_arquivo',
        'gl_email_saida',
        'gl_estado',
        'gl_plano',
        'gl_plano_pagamento',
        'gl_produto',
        'gl_sessao',
        'gl_usuario',
        'gl_usuario_chave_recuperacao',
        'gl_usuario_dispositivo',
        'gl_usuario_senha_token',
        'gl_usuario_termo_aceite',
        'gl_usuario_totp_passo',
        'pg_conta',
        'pg_fatura',
        'pg_fatura_item',
        'pg_nfse',
      ]),
    );
  });

  it('running the migration again is a no-op', async () => {
    await expect(handle.migrate()).resolves.toBeUndefined();
  });

  it('fills the audit fields and refreshes datahora_modificado on update', async () => {
    const usuario = await novoUsuario();
    expect(usuario.id).toBeGreaterThan(0);
    expect(usuario.datahora_criado).toBeInstanceOf(Date);
    expect(usuario.datahora_modificado).toBeInstanceOf(Date);
    const antes = usuario.datahora_modificado.getTime();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const [depois] = await db
      .update(glUsuario)
      .set({ apelido: 'Novo' })
      .where(eq(glUsuario.id, usuario.id))
      .returning();
    expect(depois?.datahora_modificado.getTime()).toBeGreaterThan(antes);
    expect(depois?.datahora_criado.getTime()).toBe(usuario.datahora_criado.getTime());
  });

  it('keeps e-mails unique case-insensitively', async () => {
    await novoUsuario('Fulano@Teste.com.br');
    expect(await sqlState(novoUsuario('fulano@teste.COM.BR'))).toBe(UNIQUE_VIOLATION);
  });

  it('keeps cpfcnpj unique and normalised', async () => {
    const cliente = await novoCliente();
    const duplicate = db.insert(glCliente).values({
      tipo_pessoa: 2,
      cpfcnpj: cliente.cpfcnpj,
      razao_social: 'Outra',
      fatura_token: token(),
    });
    expect(await sqlState(duplicate)).toBe(UNIQUE_VIOLATION);

    const masked = db.insert(glCliente).values({
      tipo_pessoa: 2,
      cpfcnpj: '11.222.333/0001-81',
      razao_social: 'Máscara',
      fatura_token: token(),
    });
    expect(await sqlState(masked)).toBe(CHECK_VIOLATION);

    const cpfAsCompany = db.insert(glCliente).values({
      tipo_pessoa: 2,
      cpfcnpj: '52998224725',
      razao_social: 'CPF',
      fatura_token: token(),
    });
    expect(await sqlState(cpfAsCompany)).toBe(CHECK_VIOLATION);

    const [alfanumerico] = await db
      .insert(glCliente)
      .values({
        tipo_pessoa: 2,
        cpfcnpj: 'AB1CD2EF3GH401',
        razao_social: 'Alfa',
        fatura_token: token(),
      })
      .returning();
    expect(alfanumerico?.cpfcnpj).toBe('AB1CD2EF3GH401');
  });

  it('accepts only tipo_pessoa 1 or 2 and data_nascimento for individuals only', async () => {
    const tipo3 = db
      .insert(glCliente)
      .values({ tipo_pessoa: 3, cpfcnpj: '98765432100', razao_social: 'X', fatura_token: token() });
    expect(await sqlState(tipo3)).toBe(CHECK_VIOLATION);

    const empresaComNascimento = db.insert(glCliente).values({
      tipo_pessoa: 2,
      cpfcnpj: '98765432000198',
      razao_social: 'X',
      fatura_token: token(),
      data_nascimento: '2000-01-01',
    });
    expect(await sqlState(empresaComNascimento)).toBe(CHECK_VIOLATION);

    const tokenCurto = db
      .insert(glCliente)
      .values({ tipo_pessoa: 1, cpfcnpj: '98765432100', razao_social: 'X', fatura_token: 'abc' });
    expect(await sqlState(tokenCurto)).toBe(CHECK_VIOLATION);
  });

  it('links a user to a client once', async () => {
    const usuario = await novoUsuario();
    const cliente = await novoCliente();
    await db
      .insert(glClienteUsuario)
      .values({ gl_cliente_id: cliente.id, gl_usuario_id: usuario.id, nivel: 10 });
    const again = db
      .insert(glClienteUsuario)
      .values({ gl_cliente_id: cliente.id, gl_usuario_id: usuario.id, nivel: 20 });
    expect(await sqlState(again)).toBe(UNIQUE_VIOLATION);
  });

  it('accepts a TOTP step once per user', async () => {
    const ana = await novoUsuario();
    const bia = await novoUsuario();
    await db.insert(glUsuarioTotpPasso).values({ gl_usuario_id: ana.id, passo: 58_000_000 });
    await db.insert(glUsuarioTotpPasso).values({ gl_usuario_id: bia.id, passo: 58_000_000 });
    const replay = db
      .insert(glUsuarioTotpPasso)
      .values({ gl_usuario_id: ana.id, passo: 58_000_000 });
    expect(await sqlState(replay)).toBe(UNIQUE_VIOLATION);
    // The service's idiom: on conflict do nothing, and no row back means "already used".
    const rows = await db
      .insert(glUsuarioTotpPasso)
      .values({ gl_usuario_id: ana.id, passo: 58_000_000 })
      .onConflictDoNothing()
      .returning();
    expect(rows).toHaveLength(0);
  });

  it('allows one pending plan change per contract', async () => {
    const { contrato, plano, pagamento } = await novoContrato();
    const mudanca = {
      gl_contrato_id: contrato.id,
      gl_plano_id: plano.id,
      gl_plano_pagamento_id: pagamento.id,
    };
    const [primeira] = await db.insert(glContratoEvento).values(mudanca).returning();
    expect(primeira?.situacao).toBe('pendente');
    expect(await sqlState(db.insert(glContratoEvento).values(mudanca))).toBe(UNIQUE_VIOLATION);

    await db
      .update(glContratoEvento)
      .set({ situacao: 'cancelado', datahora_cancelado: new Date() })
      .where(eq(glContratoEvento.id, primeira?.id ?? 0));
    await db.insert(glContratoEvento).values(mudanca);
    await db.insert(glContratoEvento).values({ ...mudanca, situacao: 'aplicado' });

    expect(
      await sqlState(db.insert(glContratoEvento).values({ ...mudanca, situacao: 'outro' })),
    ).toBe(CHECK_VIOLATION);
  });

  it('allows one active contract per client and product', async () => {
    const { contrato } = await novoContrato();
    const { id: _id, datahora_criado: _c, datahora_modificado: _m, ...copia } = contrato;
    expect(await sqlState(db.insert(glContrato).values(copia))).toBe(UNIQUE_VIOLATION);
    await db.insert(glContrato).values({ ...copia, ativo: false });
  });

  it('restricts deleting business data that is referenced', async () => {
    const { produto } = await novoContrato();
    const code = await sqlState(db.delete(glProduto).where(eq(glProduto.id, produto.id)));
    expect(RESTRICT_VIOLATIONS).toContain(code);
  });

  it('seeds the reference data idempotently', async () => {
    await seedReferenceData(db);
    await seedReferenceData(db);
    const estados = await db.select().from(glEstado);
    expect(estados).toHaveLength(27);
    expect(estados.find((estado) => estado.id === 35)?.sigla).toBe('SP');
    const cidades = await db.query.glCidade.findMany({ with: { estado: true } });
    const porId = new Map(cidades.map((cidade) => [cidade.id, cidade]));
    expect(porId.get(3550308)).toMatchObject({
      nome: 'São Paulo',
      nome_busca: 'sao paulo',
      estado: { sigla: 'SP' },
    });
    expect(porId.get(3304557)?.nome).toBe('Rio de Janeiro');
    expect(porId.get(3106200)?.estado.sigla).toBe('MG');
    expect(porId.get(4106902)?.nome).toBe('Curitiba');
    expect(porId.get(4314902)?.nome).toBe('Porto Alegre');
    // Every IBGE municipality, each with its state, and no duplicate after two runs.
    const rows = await municipalityRows();
    expect(cidades).toHaveLength(rows.length);
    // The count a start checks before loading the list is the list's own.
    expect(MUNICIPALITY_COUNT).toBe(rows.length);
    expect(cidades.length).toBeGreaterThanOrEqual(5570);
    expect(porId.get(5300108)).toMatchObject({ nome: 'Brasília', estado: { sigla: 'DF' } });
    expect(porId.get(1100015)?.estado.sigla).toBe('RO');
    expect(new Set(cidades.map((cidade) => cidade.estado.sigla)).size).toBe(27);
    // A municipality's code starts with its state's code.
    expect(
      await sqlState(
        db.insert(glCidade).values({ id: 3100104, nome: 'X', nome_busca: 'x', gl_estado_id: 35 }),
      ),
    ).toBe(CHECK_VIOLATION);
  });

  it('puts back a municipality missing from the table at the next start', async () => {
    // Alta Floresta D'Oeste (RO): no demo row refers to it.
    await db.delete(glCidade).where(eq(glCidade.id, 1100015));
    await seedReferenceData(db);
    const [back] = await db.select().from(glCidade).where(eq(glCidade.id, 1100015));
    expect(back).toMatchObject({ gl_estado_id: 11, nome_busca: "alta floresta d'oeste" });
    expect(await db.$count(glCidade)).toBe(MUNICIPALITY_COUNT);
  });

  it('normalises names for search', () => {
    expect(nomeBusca('  São  João do Piauí ')).toBe('sao joao do piaui');
    expect(nomeBusca('Florianópolis')).toBe('florianopolis');
  });
});
