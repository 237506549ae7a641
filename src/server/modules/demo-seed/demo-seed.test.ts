import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { asc, count, eq, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '#server/platform/crypto/password';
import { isValidChaveAcesso } from '../invoices/nfse-key.ts';
import { LocalDiskStorage } from '../../platform/storage/file-storage.ts';
import type { Database, DatabaseHandle } from '../../platform/db/database.ts';
import { readPdf } from '#tests/helpers/pdf-text.ts';
import { createTestDatabase } from '#tests/helpers/test-database.ts';
import { DEMO_LOGINS, DEMO_PASSWORD } from './demo-data.ts';
import { seedDemoData } from './demo-seed.ts';
import {
  glArquivo,
  glCliente,
  glClienteUsuario,
  glContrato,
  glEstado,
  glPlano,
  glPlanoPagamento,
  glProduto,
  glUsuario,
  pgConta,
  pgFatura,
  pgFaturaItem,
  pgNfse,
} from '../../platform/db/schema.ts';

let handle: DatabaseHandle;
let db: Database;
let seeded: boolean;
const SEED_TIME = new Date();
const filesDir = mkdtempSync(path.join(tmpdir(), 'portal-seed-'));
const storage = new LocalDiskStorage(filesDir);

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  seeded = await seedDemoData(db, storage, { agora: SEED_TIME });
});

afterAll(async () => {
  await handle?.close();
  rmSync(filesDir, { recursive: true, force: true });
});

async function contar(table: PgTable): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

/** Integer cents of a numeric(12,2) string such as '149.90'. */
function centavos(valor: string | null): number {
  if (valor === null) return 0;
  const [inteiro = '0', fracao = ''] = valor.split('.');
  return Number(inteiro) * 100 + Number(fracao.padEnd(2, '0').slice(0, 2));
}

describe('seedDemoData', () => {
  it('seeds an empty database', () => {
    expect(seeded).toBe(true);
  });

  it('seeds nothing the second time', async () => {
    const before = {
      usuarios: await contar(glUsuario),
      clientes: await contar(glCliente),
      faturas: await contar(pgFatura),
      produtos: await contar(glProduto),
    };
    expect(await seedDemoData(db, storage)).toBe(false);
    expect({
      usuarios: await contar(glUsuario),
      clientes: await contar(glCliente),
      faturas: await contar(pgFatura),
      produtos: await contar(glProduto),
    }).toEqual(before);
  });

  it('inserts the expected counts', async () => {
    expect(await contar(glEstado)).toBe(27);
    expect(await contar(glProduto)).toBe(2);
    expect(await contar(glPlano)).toBe(3);
    expect(await contar(glPlanoPagamento)).toBe(4);
    expect(await contar(pgConta)).toBe(3);
    expect(await contar(glCliente)).toBe(3);
    expect(await contar(glUsuario)).toBe(4);
    expect(await contar(glClienteUsuario)).toBe(4);
    expect(await contar(glContrato)).toBe(3);
    // A year of Empresa Demonstração's and Nova Empresa's periods, by the billing run (issue 35).
    expect(await contar(pgFatura)).toBe(24);
  });

  it('creates products 1 and 2 and lets the identity continue after them', async () => {
    const produtos = await db.select().from(glProduto).orderBy(asc(glProduto.id));
    expect(
      produtos.map((p) => [p.id, p.nome, p.cadastro_permitido, p.cadastro_usuario_inativo]),
    ).toEqual([
      [1, 'Portal Demo', true, false],
      [2, 'Sistema Parceiro', false, true],
    ]);
    expect(produtos[0]?.url).toBe('/painel');

    const [novo] = await db.insert(glProduto).values({ nome: 'Temporário', url: '/x' }).returning();
    expect(novo?.id).toBe(3);
    await db.delete(glProduto).where(eq(glProduto.id, 3));
  });

  it('creates the plans of pid 1 with their payment options', async () => {
    const planos = await db.query.glPlano.findMany({
      where: eq(glPlano.gl_produto_id, 1),
      with: { planosPagamento: { orderBy: asc(glPlanoPagamento.id) } },
      orderBy: asc(glPlano.ordem),
    });
    expect(planos.map((p) => p.nome_exibicao)).toEqual(['Gratuito', 'Profissional', 'Empresarial']);
    const [gratuito, profissional, empresarial] = planos;
    expect(empresarial).toMatchObject({ flag_enviar_foto: true, usuario_ilimitado: true });
    for (const plano of planos) expect(plano.descricao_exibicao).toMatch(/^- /m);

    // Money read straight from a table keeps its two decimals (nested `with` rows go through
    // JSON, where numeric loses trailing zeros, so options are read directly here).
    const opcoes = (planoId: number | undefined) =>
      db
        .select()
        .from(glPlanoPagamento)
        .where(eq(glPlanoPagamento.gl_plano_id, planoId ?? 0))
        .orderBy(asc(glPlanoPagamento.id));
    expect(await opcoes(gratuito?.id)).toMatchObject([
      { cobranca_tipo_desc: 'Mensal', flag_gratuito: true, valor: '0.00' },
    ]);
    expect(await opcoes(profissional?.id)).toMatchObject([
      {
        cobranca_tipo_desc: 'Mensal',
        flag_promocao: true,
        valor: '149.90',
        valor_promocional: '119.90',
      },
      {
        cobranca_tipo_desc: 'Anual',
        flag_promocao: false,
        valor: '1499.00',
        valor_promocional: null,
      },
    ]);
    expect(await opcoes(empresarial?.id)).toMatchObject([
      { cobranca_tipo_desc: 'Mensal', flag_gratuito: false, valor: '399.00' },
    ]);
  });

  it('creates the payment accounts', async () => {
    const contas = await db.select().from(pgConta).orderBy(asc(pgConta.id));
    expect(contas.map((c) => c.nome_exibicao)).toEqual([
      'Boleto bancário',
      'Pix',
      'Cartão de crédito',
    ]);
    for (const conta of contas) expect(conta.descricao_exibicao).toBeTruthy();
  });

  it('creates the clients, the alphanumeric CNPJ one included', async () => {
    const clientes = await db.query.glCliente.findMany({
      with: { cidade: { with: { estado: true } } },
    });
    const porDocumento = new Map(clientes.map((c) => [c.cpfcnpj, c]));
    expect(porDocumento.get('11222333000181')).toMatchObject({
      tipo_pessoa: 2,
      razao_social: 'Empresa Demonstração Ltda',
      data_nascimento: null,
    });
    expect(porDocumento.get('52998224725')).toMatchObject({
      tipo_pessoa: 1,
      razao_social: 'Maria Souza',
    });
    expect(porDocumento.get('52998224725')?.data_nascimento).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(porDocumento.get('12ABC34501DE35')).toMatchObject({
      tipo_pessoa: 2,
      razao_social: 'Nova Empresa S.A.',
    });
    for (const cliente of clientes) {
      expect(cliente.fatura_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(cliente.cidade?.estado.sigla).toMatch(/^[A-Z]{2}$/);
      expect(cliente.email).toContain('@');
      expect(cliente.telefone_celular).toMatch(/^\d{10,11}$/);
    }
    expect(new Set(clientes.map((c) => c.fatura_token)).size).toBe(3);
  });

  it('creates the demo users with their levels and the shared password', async () => {
    const usuarios = await db.query.glUsuario.findMany({
      with: { clientesUsuario: { with: { cliente: true } } },
    });
    const porEmail = new Map(usuarios.map((u) => [u.email, u]));
    expect(DEMO_LOGINS.map((login) => login.email).sort()).toEqual([...porEmail.keys()].sort());

    const admin = porEmail.get('admin@exemplo.com.br');
    expect(admin).toMatchObject({ nome: 'Administradora Demo', nivel: 1, clientesUsuario: [] });

    const vinculos = (email: string) =>
      (porEmail.get(email)?.clientesUsuario ?? [])
        .map((link) => [link.cliente.razao_social, link.nivel])
        .sort();
    expect(porEmail.get('gerente@exemplo.com.br')?.nivel).toBeNull();
    expect(vinculos('gerente@exemplo.com.br')).toEqual([['Empresa Demonstração Ltda', 10]]);
    expect(vinculos('usuario@exemplo.com.br')).toEqual([['Empresa Demonstração Ltda', 20]]);
    expect(vinculos('multi@exemplo.com.br')).toEqual([
      ['Maria Souza', 10],
      ['Nova Empresa S.A.', 10],
    ]);

    for (const usuario of usuarios) {
      expect(usuario.apelido).toBeTruthy();
      expect(usuario.telefone_celular).toBeTruthy();
      expect(usuario).toMatchObject({ ativo: true, senha_revalidar: false, twofa_ativo: false });
    }
    // One hash shared by all, and it verifies.
    expect(new Set(usuarios.map((u) => u.senha_hash)).size).toBe(1);
    expect(await verifyPassword(usuarios[0]?.senha_hash ?? '', DEMO_PASSWORD)).toBe(true);
    for (const login of DEMO_LOGINS) {
      expect(login.senha).toBe('demo1234');
      expect(login.papel).toBeTruthy();
    }
  });

  it('gives every client a contract on pid 1 for a period around today', async () => {
    const contratos = await db.query.glContrato.findMany({
      with: { cliente: true, plano: true, planoPagamento: true, conta: true },
    });
    // Today in São Paulo, as 'YYYY-MM-DD'.
    const hoje = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
      SEED_TIME,
    );
    expect(contratos).toHaveLength(3);
    for (const contrato of contratos) {
      expect(contrato.gl_produto_id).toBe(1);
      expect(contrato.ativo).toBe(true);
      expect(contrato.periodo_inicio <= hoje && hoje <= contrato.periodo_fim).toBe(true);
    }
    const porCliente = new Map(contratos.map((c) => [c.cliente.razao_social, c]));
    expect(porCliente.get('Empresa Demonstração Ltda')).toMatchObject({
      plano: { nome_exibicao: 'Profissional' },
      planoPagamento: { cobranca_tipo_desc: 'Mensal' },
      conta: { nome_exibicao: 'Boleto bancário' },
    });
    expect(porCliente.get('Maria Souza')).toMatchObject({
      plano: { nome_exibicao: 'Gratuito' },
      pg_conta_id: null,
    });
  });

  it('bills twelve monthly periods through the billing run, with items, the paid ones with NFS-e', async () => {
    const [empresa] = await db
      .select()
      .from(glCliente)
      .where(eq(glCliente.cpfcnpj, '11222333000181'));
    const faturas = await db.query.pgFatura.findMany({
      where: eq(pgFatura.gl_cliente_id, empresa?.id ?? 0),
      with: { itens: true, nfse: true },
      orderBy: (fatura, { desc }) => [desc(fatura.data_vencimento)],
    });
    expect(faturas).toHaveLength(12);

    // One per month, over the last twelve months.
    const meses = faturas.map((f) => f.data_vencimento.slice(0, 7));
    expect(new Set(meses).size).toBe(12);
    const limite = new Date(SEED_TIME);
    limite.setUTCMonth(limite.getUTCMonth() - 12);
    for (const fatura of faturas) {
      expect(new Date(`${fatura.data_vencimento}T12:00:00Z`).getTime()).toBeGreaterThan(
        limite.getTime(),
      );
      expect(new Date(`${fatura.data_vencimento}T00:00:00Z`).getTime()).toBeLessThan(
        SEED_TIME.getTime() + 31 * 24 * 3600 * 1000,
      );
    }

    // The newest open, two before it overdue (marked by the run), the rest paid.
    expect(faturas.map((f) => f.situacao)).toEqual([5, 6, 8, 6, 8, 6, 6, 6, 6, 6, 6, 6]);
    expect(faturas.every((f) => f.origem === 'recorrente')).toBe(true);
    // Each period once, one after the other.
    const competencias = faturas.map((f) => f.data_competencia).reverse();
    expect(new Set(competencias).size).toBe(12);
    expect(faturas[0]?.situacao).toBe(5);

    for (const fatura of faturas) {
      expect(fatura.itens.length).toBeGreaterThan(0);
      const soma = fatura.itens.reduce((total, item) => total + centavos(item.valor), 0);
      expect(centavos(fatura.valor)).toBe(soma);
      expect(fatura.servico_discriminacao).toBeTruthy();
      if (fatura.situacao === 6) {
        expect(fatura.datahora_confirmado).toBeInstanceOf(Date);
        expect(fatura.nfse).not.toBeNull();
        expect(fatura.nfse?.nf_numero).toBeTruthy();
        expect(fatura.nfse?.datahora_emissao).toBeInstanceOf(Date);
      } else {
        expect(fatura.datahora_confirmado).toBeNull();
        expect(fatura.nfse).toBeNull();
      }
    }

    const itens = faturas.flatMap((f) => f.itens);
    expect(itens.some((item) => Number(item.qtde) === 0)).toBe(true);
    expect(faturas.some((f) => f.itens.length > 1)).toBe(true);
    // Extra lines as adjustments of the contract, taken by the period's invoice.
    const suporte = itens.filter((row) => row.descricao === 'Suporte técnico avulso');
    expect(suporte.map((row) => [row.unidade, Number(row.qtde), Number(row.valor)])).toEqual([
      ['H', 1.5, 90],
      ['H', 1.5, 90],
    ]);
    const [item] = await db.select().from(pgFaturaItem).orderBy(asc(pgFaturaItem.id)).limit(1);
    // The promotional price of Profissional Mensal, which the contract has had from its start.
    expect(item).toMatchObject({ unidade: 'mês', qtde: '1.0000', valor: '119.90' });
    expect(item?.descricao).toMatch(/^Assinatura — Profissional \(Mensal\), \d{2}\/\d{2}\/\d{4} a \d{2}\/\d{2}\/\d{4} \(preço promocional\)$/);

    const notas = faturas.flatMap((f) => (f.nfse ? [f.nfse] : []));
    expect(await contar(pgNfse)).toBe(notas.length);
  });

  it('gives the NFS-e every combination of links, and one note none at all', async () => {
    const notas = await db.select().from(pgNfse).orderBy(asc(pgNfse.nf_numero));
    expect(notas).toHaveLength(9);
    const semNada = notas.filter(
      (n) => !n.url_visualizar && !n.chave_acesso && !n.pdf_arquivo_id && !n.xml_arquivo_id,
    );
    expect(semNada).toHaveLength(1);
    const comChave = notas.filter((n) => n.chave_acesso !== null);
    expect(comChave.length).toBeGreaterThan(1);
    for (const nota of comChave) expect(isValidChaveAcesso(nota.chave_acesso ?? '')).toBe(true);
    // View only, download only, key without a city-hall page: each action case shows up.
    expect(notas.some((n) => n.url_visualizar && !n.pdf_arquivo_id)).toBe(true);
    expect(notas.some((n) => !n.url_visualizar && !n.chave_acesso && n.pdf_arquivo_id)).toBe(true);
    expect(notas.some((n) => !n.url_visualizar && n.chave_acesso && n.pdf_arquivo_id)).toBe(true);
  });

  it('stores a real one-page PDF and an XML for the notes, through the file storage', async () => {
    const notas = await db.select().from(pgNfse);
    const pdfIds = notas.flatMap((n) => (n.pdf_arquivo_id ? [n.pdf_arquivo_id] : []));
    const xmlIds = notas.flatMap((n) => (n.xml_arquivo_id ? [n.xml_arquivo_id] : []));
    expect(pdfIds.length).toBe(7);
    expect(xmlIds.length).toBe(8);

    const pdfs = await db.select().from(glArquivo).where(inArray(glArquivo.id, pdfIds));
    for (const arquivo of pdfs) {
      expect(arquivo).toMatchObject({ tipo_mime: 'application/pdf', gl_usuario_id: null });
      expect(arquivo.caminho).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{32}$/);
      const bytes = readFileSync(path.join(filesDir, arquivo.caminho));
      expect(bytes.length).toBe(arquivo.tamanho);
      const document = await readPdf(bytes);
      expect(document.pages).toBe(1);
      expect(document.title).toMatch(/^NFS-e \d+$/);
    }

    const [xml] = await db.select().from(glArquivo).where(inArray(glArquivo.id, xmlIds)).limit(1);
    const content = await text(storage.open(xml?.caminho ?? ''));
    expect(content).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(content).toContain('<xNome>Empresa Demonstração Ltda</xNome>');
  });
});
