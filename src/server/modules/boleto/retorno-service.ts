import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { formatDate, fromCents } from '#shared/format';
import { instantOnSaoPauloClock, todayInSaoPaulo } from '#shared/dates';
import type { Database, Queryable } from '../../platform/db/database.ts';
import { pgBoleto, pgConta, pgRetorno, pgRetornoOcorrencia } from '../../platform/db/schema.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { payInvoice } from '../invoices/index.ts';
import { describeOccurrence } from './cnab/occurrences.ts';
import { LIQUIDACOES, parseRetorno, type RetornoOccurrence } from './cnab/retorno.ts';
import { REMESSA_MESSAGES } from './remessa-service.ts';

/** The field the file comes in (multipart), where its problems are shown. */
export const RETORNO_FIELD = 'arquivo';

export const RETORNO_MESSAGES = {
  invalid: (total: number) =>
    `O arquivo de retorno tem ${total === 1 ? '1 erro' : `${total} erros`} e nada foi aplicado. Corrija-o ou peça ao banco um novo arquivo.`,
  more: (count: number) => `… e mais ${count} ${count === 1 ? 'erro' : 'erros'}.`,
  repeated: (when: string, numero: number) =>
    `Este arquivo de retorno já foi processado em ${when} (retorno nº ${numero} do banco). Nada foi alterado.`,
  missing: 'Escolha o arquivo de retorno enviado pelo banco.',
  tooLarge: (mb: number) => `O arquivo de retorno passa do limite de ${mb} MB.`,
  applied: (counts: RetornoCounts) => {
    const parts = [
      counts.registrados && `${counts.registrados} ${counts.registrados === 1 ? 'entrada confirmada' : 'entradas confirmadas'}`,
      counts.liquidados && `${counts.liquidados} ${counts.liquidados === 1 ? 'liquidação' : 'liquidações'}`,
      counts.rejeitados && `${counts.rejeitados} ${counts.rejeitados === 1 ? 'rejeição' : 'rejeições'}`,
      counts.atencao && `${counts.atencao} para conferir`,
      counts.outras && `${counts.outras} ${counts.outras === 1 ? 'outra ocorrência' : 'outras ocorrências'}`,
    ].filter(Boolean);
    return `Retorno processado: ${parts.length ? parts.join(', ') : 'nenhuma ocorrência'}.`;
  },
} as const;

export type RetornoResult =
  | 'registrado'
  | 'liquidado'
  | 'rejeitado'
  | 'baixado'
  | 'ja_paga'
  | 'repetida'
  | 'desconhecido'
  | 'informativa';

interface RetornoCounts {
  registrados: number;
  liquidados: number;
  rejeitados: number;
  atencao: number;
  outras: number;
}

type Boleto = typeof pgBoleto.$inferSelect;

interface PaymentContext {
  providerName: string;
  publicUrl: string;
}

/**
 * What one occurrence does to its boleto, by a conditional update each, so an occurrence the
 * portal already applied (the same liquidação in another file) changes nothing again.
 */
async function applyOccurrence(
  tx: Queryable,
  boleto: Boleto | undefined,
  occurrence: RetornoOccurrence,
  descricao: string,
  payment: PaymentContext,
): Promise<RetornoResult> {
  if (!boleto) return 'desconhecido';
  const { movimento } = occurrence;
  const moved = async (from: Boleto['situacao'][], set: Partial<Boleto>) => {
    const [row] = await tx
      .update(pgBoleto)
      .set({ ...set, datahora_modificado: new Date() })
      .where(and(eq(pgBoleto.id, boleto.id), inArray(pgBoleto.situacao, from)))
      .returning({ id: pgBoleto.id });
    return row !== undefined;
  };
  if (movimento === '02') {
    const confirmedOn = occurrence.dataOcorrencia ? instantOnSaoPauloClock(occurrence.dataOcorrencia, 0, 0) : null;
    return (await moved(['em_registro'], { situacao: 'registrado', datahora_registrado: confirmedOn ?? new Date(), ocorrencia: descricao }))
      ? 'registrado'
      : 'repetida';
  }
  if (movimento === '03') {
    return (await moved(['em_registro'], { situacao: 'rejeitado', ocorrencia: descricao })) ? 'rejeitado' : 'repetida';
  }
  if (LIQUIDACOES.has(movimento)) {
    const credito = occurrence.dataCredito ?? occurrence.dataOcorrencia ?? todayInSaoPaulo();
    const settled = await moved(['em_registro', 'registrado', 'baixa_pedida', 'baixado', 'rejeitado'], {
      situacao: 'liquidado',
      valor_pago: fromCents(occurrence.valorPagoCents),
      data_credito: credito,
      ocorrencia: descricao,
    });
    if (!settled) return 'repetida';
    const paid = await payInvoice(tx, {
      faturaId: boleto.pg_fatura_id,
      // The bank says the day the money was credited; the invoice is paid as of its start.
      pagoEm: instantOnSaoPauloClock(credito, 0, 0) ?? new Date(),
      dayOnly: true,
      providerName: payment.providerName,
      publicUrl: payment.publicUrl,
    });
    // Paid twice (PIX and boleto) or after a cancellation: the money is in; staff must refund.
    return paid === 'paid' ? 'liquidado' : 'ja_paga';
  }
  if (movimento === '09') {
    return (await moved(['em_registro', 'registrado', 'baixa_pedida'], { situacao: 'baixado', ocorrencia: descricao }))
      ? 'baixado'
      : 'repetida';
  }
  await tx.update(pgBoleto).set({ ocorrencia: descricao }).where(eq(pgBoleto.id, boleto.id));
  return ['26', '30'].includes(movimento) ? 'rejeitado' : 'informativa';
}

function countOf(results: readonly RetornoResult[]): RetornoCounts {
  const count = (...kinds: RetornoResult[]) => results.filter((result) => kinds.includes(result)).length;
  return {
    registrados: count('registrado'),
    liquidados: count('liquidado'),
    rejeitados: count('rejeitado'),
    atencao: count('ja_paga', 'desconhecido'),
    outras: count('baixado', 'repetida', 'informativa'),
  };
}

/**
 * Applies a retorno staff uploaded to the account (issue 40 item 5). The whole file is checked
 * first (422 with every problem, nothing applied). Then, under the account's row lock, the file
 * is recorded once by its SHA-256 (the same file again is a 409 that changes nothing, also when
 * two uploads of it race) and each occurrence is applied in the same transaction: all of the file
 * or none of it.
 */
export async function applyRetorno(
  db: Database,
  contaId: number,
  input: { nomeArquivo: string; conteudo: string; usuarioId: number | null } & PaymentContext,
) {
  const [conta] = await db
    .select({ banco: pgConta.boleto_banco, cpfcnpj: pgConta.beneficiario_cpfcnpj })
    .from(pgConta)
    .where(eq(pgConta.id, contaId));
  if (!conta) throw notFound();
  if (!conta.banco) throw conflict(REMESSA_MESSAGES.notBoleto, 'not_boleto_account');
  const parsed = parseRetorno(input.conteudo, { bank: conta.banco, cpfcnpj: conta.cpfcnpj });
  if (!parsed.ok) {
    const lines = parsed.problems.map((problem) => `Linha ${problem.linha}, coluna ${problem.coluna}: ${problem.mensagem}`);
    if (parsed.total > parsed.problems.length) lines.push(RETORNO_MESSAGES.more(parsed.total - parsed.problems.length));
    throw new AppError(422, RETORNO_MESSAGES.invalid(parsed.total), 'retorno_invalido', { [RETORNO_FIELD]: lines });
  }
  const sha256 = createHash('sha256').update(input.conteudo).digest('hex');

  return db.transaction(async (tx) => {
    await tx.select({ id: pgConta.id }).from(pgConta).where(eq(pgConta.id, contaId)).for('update');
    const [before] = await tx
      .select({ numero: pgRetorno.numero, criado: pgRetorno.datahora_criado })
      .from(pgRetorno)
      .where(and(eq(pgRetorno.pg_conta_id, contaId), eq(pgRetorno.sha256, sha256)));
    if (before) {
      throw conflict(RETORNO_MESSAGES.repeated(formatDate(todayInSaoPaulo(before.criado)), before.numero), 'retorno_repetido');
    }
    const [retorno] = await tx
      .insert(pgRetorno)
      .values({
        pg_conta_id: contaId,
        numero: parsed.file.numero,
        nome_arquivo: input.nomeArquivo.slice(0, 200),
        sha256,
        conteudo: input.conteudo,
        gl_usuario_id: input.usuarioId,
      })
      .returning({ id: pgRetorno.id });
    if (!retorno) throw new Error('pg_retorno insert returned nothing');

    const { occurrences } = parsed.file;
    const numbers = [...new Set(occurrences.map((occurrence) => occurrence.nossoNumero))];
    const boletos = numbers.length
      ? await tx
          .select()
          .from(pgBoleto)
          .where(and(eq(pgBoleto.pg_conta_id, contaId), inArray(pgBoleto.nosso_numero, numbers)))
          .orderBy(pgBoleto.id)
          .for('update')
      : [];
    const byNumber = new Map(boletos.map((boleto) => [boleto.nosso_numero, boleto]));

    const results: RetornoResult[] = [];
    const rows: (typeof pgRetornoOcorrencia.$inferInsert)[] = [];
    for (const occurrence of occurrences) {
      const boleto = byNumber.get(occurrence.nossoNumero);
      const descricao = describeOccurrence(occurrence.movimento, occurrence.motivos);
      const resultado = await applyOccurrence(tx, boleto, occurrence, descricao, input);
      results.push(resultado);
      rows.push({
        pg_retorno_id: retorno.id,
        pg_conta_id: contaId,
        pg_boleto_id: boleto?.id ?? null,
        pg_fatura_id: boleto?.pg_fatura_id ?? null,
        linha: occurrence.linha,
        nosso_numero: occurrence.nossoNumero,
        movimento: occurrence.movimento,
        motivos: occurrence.motivos.join(' '),
        descricao,
        valor_titulo: fromCents(occurrence.valorTituloCents),
        valor_pago: LIQUIDACOES.has(occurrence.movimento) ? fromCents(occurrence.valorPagoCents) : null,
        data_ocorrencia: occurrence.dataOcorrencia,
        data_credito: occurrence.dataCredito,
        resultado,
      });
    }
    // In slices: a bank's file may hold thousands of occurrences, a statement's parameters fewer.
    for (let start = 0; start < rows.length; start += 500) {
      await tx.insert(pgRetornoOcorrencia).values(rows.slice(start, start + 500));
    }
    const counts = countOf(results);
    await tx.update(pgRetorno).set(counts).where(eq(pgRetorno.id, retorno.id));
    return { id: retorno.id, numero: parsed.file.numero, ...counts };
  });
}

/** A retorno as it was uploaded, for staff to download again. */
export async function retornoFile(db: Database, retornoId: number) {
  const [row] = await db
    .select({ conteudo: pgRetorno.conteudo, nome: pgRetorno.nome_arquivo })
    .from(pgRetorno)
    .where(eq(pgRetorno.id, retornoId));
  if (!row) throw notFound();
  return row;
}
