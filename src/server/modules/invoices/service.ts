import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  situacaoDesc,
  situacaoIconClass,
  type FaturaDetalheDto,
  type FaturaDto,
  type FaturaItemDto,
  type FaturaListDto,
  type NfseDto,
} from '#shared/schemas/invoices';
import { todayInSaoPaulo } from '#shared/dates';
import { amountDue, chargesLate } from '#shared/overdue-charges';
import type { Queryable } from '../../platform/db/database.ts';
import { glArquivo, glCliente, pgFatura, pgNfse } from '../../platform/db/schema.ts';
import { conflict, fieldError, notFound } from '../../platform/errors.ts';
import { storeFile } from '../../platform/storage/stored-files.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { UNPAID_SITUACOES } from './payment.ts';
import { consultaPublicaUrl, isValidChaveAcesso, safeHttpUrl } from './nfse-key.ts';
import {
  findInvoiceByToken,
  findNfsePdfRow,
  listInvoicesByToken,
  listItemRows,
  type InvoiceRecord,
} from './queries.ts';

/** A client's invoice token: 256 bits from the CSPRNG, base64url (43 characters). */
export function newInvoiceToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Gives the client a new invoice token; the old link stops working at once (§6: the list is
 * reached by the token alone). For staff; the screen that calls it is a later issue.
 */
export async function rotateInvoiceToken(db: Queryable, clienteId: number): Promise<string> {
  const token = newInvoiceToken();
  const [row] = await db
    .update(glCliente)
    .set({ fatura_token: token })
    .where(eq(glCliente.id, clienteId))
    .returning({ id: glCliente.id });
  if (!row) throw notFound();
  return token;
}

/** The portal's download URL of a note's PDF: under the token, like the list itself. */
function nfsePdfPath(token: string, faturaId: number): string {
  return `/api/pg_fatura/cliente/${encodeURIComponent(token)}/${faturaId}/nfse.pdf`;
}

/** numeric(12,4) '1.5000' → '1.5'; '2.0000' → '2'. */
function trimDecimal(value: string | null): string | null {
  if (value === null) return null;
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

function toNfse(row: InvoiceRecord, token: string): NfseDto | null {
  if (row.nf_numero === null || row.nf_datahora_emissao === null) return null;
  const chave = row.chave_acesso && isValidChaveAcesso(row.chave_acesso) ? row.chave_acesso : null;
  // The city hall's page first; else the national consultation of the key (docs/decisions/012).
  const url = safeHttpUrl(row.url_visualizar) ?? consultaPublicaUrl(chave);
  return {
    nf_numero: row.nf_numero,
    datahora_emissao: row.nf_datahora_emissao,
    chave_acesso: chave,
    has_pdf: row.has_pdf,
    pdf_url_download: row.has_pdf ? nfsePdfPath(token, row.id) : null,
    has_url_visualizar: url !== null,
    url_visualizar: url,
  };
}

/** An overdue invoice's amount with its late charges to `today`; null when nothing is added. */
function updatedAmount(row: InvoiceRecord, today: string): string | null {
  if (!row.regra || !UNPAID_SITUACOES.includes(row.situacao) || !chargesLate(row.regra)) return null;
  if (row.data_vencimento >= today) return null;
  return amountDue(row.valor, row.data_vencimento, today, row.regra);
}

/** §3 computed fields, in one pass over the rows. */
function toFatura(row: InvoiceRecord, token: string, today: string): FaturaDto {
  return {
    id: row.id,
    situacao: row.situacao,
    situacao_icon_class: situacaoIconClass(row.situacao),
    situacao_desc: situacaoDesc(row.situacao),
    data_vencimento_calculado: row.data_vencimento,
    datahora_confirmado_calculado: row.datahora_confirmado,
    valor: row.valor,
    servico_discriminacao_calculado: row.servico_discriminacao_calculado,
    nfse: toNfse(row, token),
    valor_atualizado: updatedAmount(row, today),
    boleto: row.boleto,
  };
}

/** GET /api/pg_fatura/cliente/{token}; null when the token names no client. */
export async function listInvoices(db: Queryable, token: string): Promise<FaturaListDto | null> {
  const found = await listInvoicesByToken(db, token);
  if (!found) return null;
  const today = todayInSaoPaulo();
  return { faturaList: found.faturas.map((row) => toFatura(row, token, today)), cliente: found.cliente };
}

/** GET /api/pg_fatura/cliente/{token}/{id}; null unless the invoice is the token's client's. */
export async function getInvoice(db: Queryable, token: string, faturaId: number): Promise<FaturaDetalheDto | null> {
  const row = await findInvoiceByToken(db, token, faturaId);
  if (!row) return null;
  const itens: FaturaItemDto[] = (await listItemRows(db, faturaId)).map((item) => ({
    ...item,
    qtde: trimDecimal(item.qtde),
  }));
  return { ...toFatura(row, token, todayInSaoPaulo()), itens };
}

/** The stored PDF of a note, for the download; null unless the invoice is the token's client's. */
export async function findNfsePdf(db: Queryable, token: string, faturaId: number) {
  const row = await findNfsePdfRow(db, token, faturaId);
  if (!row) return null;
  return { caminho: row.caminho, tamanho: row.tamanho, fileName: nfsePdfFileName(row.nf_numero) };
}

/** A download name that needs no quoting anywhere: 'nfse-2001.pdf'. */
function nfsePdfFileName(numero: string): string {
  const safe = numero.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40);
  return `nfse-${safe || 'nota'}.pdf`;
}

export interface NewNfse {
  pg_fatura_id: number;
  nf_numero: string;
  datahora_emissao: Date;
  /** The national access key; its check digit is verified. */
  chave_acesso?: string | null;
  /** The note at the city hall's site (http or https). */
  url_visualizar?: string | null;
  pdf?: Buffer | null;
  xml?: Buffer | null;
  /** Who registered it; null for the system. */
  gl_usuario_id?: number | null;
}

const isPdf = (data: Buffer) => data.subarray(0, 5).toString('latin1') === '%PDF-';
const isXml = (data: Buffer) => /^(\uFEFF)?\s*</.test(data.subarray(0, 64).toString('utf8'));

/**
 * Records an invoice's NFS-e: number, issue time, access key (check digit verified), city-hall
 * URL and its PDF and XML files (kept through FileStorage, recorded in gl_arquivo). Inside a
 * transaction that rolls back, the stored bytes stay behind as orphans (docs/decisions/013).
 */
export async function registerNfse(db: Queryable, storage: FileStorage, nota: NewNfse) {
  const numero = nota.nf_numero.trim();
  if (!numero || numero.length > 20) throw fieldError('nf_numero', 'Informe o número da NFS-e.');
  const chave = nota.chave_acesso?.trim() || null;
  if (chave !== null && !isValidChaveAcesso(chave)) {
    throw fieldError('chave_acesso', 'Chave de acesso inválida: são 50 dígitos com o dígito verificador.');
  }
  const url = nota.url_visualizar?.trim() || null;
  if (url !== null && safeHttpUrl(url) === null) {
    throw fieldError('url_visualizar', 'Informe um endereço http ou https.');
  }
  if (nota.pdf && !isPdf(nota.pdf)) throw fieldError('pdf', 'O arquivo não é um PDF.');
  if (nota.xml && !isXml(nota.xml)) throw fieldError('xml', 'O arquivo não é um XML.');

  const [fatura] = await db
    .select({ id: pgFatura.id, nfse: pgNfse.id })
    .from(pgFatura)
    .leftJoin(pgNfse, eq(pgNfse.pg_fatura_id, pgFatura.id))
    .where(eq(pgFatura.id, nota.pg_fatura_id));
  if (!fatura) throw notFound();
  if (fatura.nfse !== null) throw conflict('Esta fatura já tem NFS-e.', 'nfse_exists');

  const owner = { gl_usuario_id: nota.gl_usuario_id ?? null };
  const pdf = nota.pdf
    ? await storeFile(db, storage, nota.pdf, { nome_original: `NFS-e ${numero}.pdf`, tipo_mime: 'application/pdf', ...owner })
    : null;
  const xml = nota.xml
    ? await storeFile(db, storage, nota.xml, { nome_original: `NFS-e ${numero}.xml`, tipo_mime: 'application/xml', ...owner })
    : null;
  try {
    const [row] = await db
      .insert(pgNfse)
      .values({
        pg_fatura_id: nota.pg_fatura_id,
        nf_numero: numero,
        datahora_emissao: nota.datahora_emissao,
        chave_acesso: chave,
        url_visualizar: url,
        pdf_arquivo_id: pdf?.id ?? null,
        xml_arquivo_id: xml?.id ?? null,
      })
      .returning();
    if (!row) throw new Error('pg_nfse insert returned nothing');
    return row;
  } catch (error) {
    // In a failed transaction the rows go with the rollback; the bytes must go by hand.
    for (const arquivo of [pdf, xml]) {
      if (!arquivo) continue;
      await storage.delete(arquivo.caminho).catch(() => undefined);
      await db.delete(glArquivo).where(eq(glArquivo.id, arquivo.id)).catch(() => undefined);
    }
    throw error;
  }
}
