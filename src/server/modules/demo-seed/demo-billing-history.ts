/**
 * The demo's year of invoices, made by the billing run and the roll-over themselves (decision
 * 102), and its payments with their NFS-e (the PDF and XML files go through FileStorage). What is
 * billed and paid is data (demo-data.ts); this is how it happens.
 */
import { asc, desc, eq, inArray } from 'drizzle-orm';
import { addCalendarMonths, addDays, instantOnSaoPauloClock, todayInSaoPaulo } from '#shared/dates';
import type { Queryable } from '../../platform/db/database.ts';
import { CITY } from '../../platform/db/reference-data.ts';
import {
  glContratoAjuste,
  glEmailSaida,
  pgBoleto,
  pgFatura,
  pgFaturaItem,
  pgFaturamentoExecucao,
} from '../../platform/db/schema.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { runBilling } from '../billing/index.ts';
import { rollOverEndedPeriods } from '../contracts/index.ts';
import { buildChaveAcesso, registerNfse } from '../invoices/index.ts';
import {
  DEMO_ADJUSTMENTS,
  DEMO_BILLING,
  DEMO_LEAD_DAYS,
  DEMO_MESES,
  DEMO_NFSE_PROVIDER,
  demoNfseLinks,
  type DemoClient,
} from './demo-data.ts';
import { renderDanfsePdf, renderNfseXml, type DemoParte } from './demo-nfse.ts';

/** An instant at a wall-clock time in São Paulo. */
function instantInSaoPaulo(dia: string, hora: number, minuto: number): Date {
  const instante = instantOnSaoPauloClock(dia, hora, minuto);
  if (!instante) throw new Error(`Data inválida: ${dia}`);
  return instante;
}

/**
 * A year of the demo contracts' billing on a clock moved month by month: each period billed
 * DEMO_LEAD_DAYS before it starts, each period rolled over when it ends, overdue invoices marked
 * as the run marks them; DEMO_ADJUSTMENTS added to their contracts before their month's run. The
 * issue notices the runs put in the outbox are dropped: nobody should get a year of mail at the
 * first start.
 */
export async function billDemoHistory(
  tx: Queryable,
  input: { primeiroMes: string; hoje: string; agora: Date; contratoDe: (cliente: DemoClient) => number },
): Promise<void> {
  const noon = (day: string) => instantInSaoPaulo(day, 12, 0);
  const mailsBefore = await tx.select({ id: glEmailSaida.id }).from(glEmailSaida);
  for (let mes = 0; mes < DEMO_MESES; mes += 1) {
    const competencia = addCalendarMonths(input.primeiroMes, mes);
    const mesesAtras = DEMO_MESES - 1 - mes;
    for (const { cliente, mesesAtras: quando, ...ajuste } of DEMO_ADJUSTMENTS) {
      if (quando !== mesesAtras) continue;
      await tx.insert(glContratoAjuste).values({ gl_contrato_id: input.contratoDe(cliente), ...ajuste });
    }
    const emissao = addDays(competencia, -DEMO_LEAD_DAYS);
    if (mes > 0) await rollOverEndedPeriods(tx, emissao, noon(emissao));
    await runBilling(tx, DEMO_BILLING, noon(emissao));
  }
  await rollOverEndedPeriods(tx, input.hoje, input.agora);
  await runBilling(tx, DEMO_BILLING, input.agora);
  const kept = new Set(mailsBefore.map((row) => row.id));
  const sent = await tx.select({ id: glEmailSaida.id }).from(glEmailSaida);
  const dropped = sent.map((row) => row.id).filter((id) => !kept.has(id));
  if (dropped.length > 0) await tx.delete(glEmailSaida).where(inArray(glEmailSaida.id, dropped));
  await tx.delete(pgFaturamentoExecucao);
}

/**
 * One contract's payments (DEMO_PAYMENTS): every invoice but the newest (open) and those
 * `emAberto` months before it (left overdue) paid a few days before it fell due, and, with a
 * `tomador`, its NFS-e (the DANFSe PDF and XML generated and stored, see demoNfseLinks).
 */
export async function recordDemoPayments(
  tx: Queryable,
  storage: FileStorage,
  input: { contratoId: number; tomador: DemoParte | null; emAberto: number[] },
): Promise<void> {
  const faturas = await tx
    .select()
    .from(pgFatura)
    .where(eq(pgFatura.gl_contrato_id, input.contratoId))
    .orderBy(desc(pgFatura.data_vencimento), desc(pgFatura.id));
  for (const [mesesAtras, fatura] of faturas.entries()) {
    if (mesesAtras === 0 || input.emAberto.includes(mesesAtras)) continue;
    const confirmado = instantInSaoPaulo(addDays(fatura.data_vencimento, -(mesesAtras % 3)), 14, 30);
    await tx
      .update(pgFatura)
      .set({ situacao: 6, datahora_confirmado: confirmado })
      .where(eq(pgFatura.id, fatura.id));
    // On the boleto account the invoice was paid by its boleto (issue 40), made when it was issued.
    await tx
      .update(pgBoleto)
      .set({ situacao: 'liquidado', valor_pago: fatura.valor, data_credito: todayInSaoPaulo(confirmado) })
      .where(eq(pgBoleto.pg_fatura_id, fatura.id));
    if (!input.tomador) continue;
    const itens = await tx
      .select()
      .from(pgFaturaItem)
      .where(eq(pgFaturaItem.pg_fatura_id, fatura.id))
      .orderBy(asc(pgFaturaItem.id));
    const numero = String(2000 + (12 - mesesAtras));
    const emissao = new Date(confirmado.getTime() + 2 * 60 * 60 * 1000);
    const links = demoNfseLinks(mesesAtras);
    const chave = links.chave
      ? buildChaveAcesso({
          codigoMunicipio: CITY.saoPaulo,
          ambienteGerador: 2,
          inscricaoFederal: DEMO_NFSE_PROVIDER.cpfcnpj,
          numero: Number(numero),
          ano: emissao.getUTCFullYear(),
          mes: emissao.getUTCMonth() + 1,
          codigoNumerico: 100_000_000 + ((fatura.id * 7919) % 800_000_000),
        })
      : null;
    const nota = {
      numero,
      emissao,
      competencia: fatura.data_competencia ?? fatura.data_vencimento,
      chave,
      prestador: DEMO_NFSE_PROVIDER,
      tomador: input.tomador,
      discriminacao: fatura.servico_discriminacao ?? '',
      itens: itens.map((item) => ({
        codigo: item.codigo ?? '',
        descricao: item.descricao,
        unidade: item.unidade ?? '',
        qtde: item.qtde ?? '0',
        valor: item.valor ?? '0.00',
      })),
      total: fatura.valor,
    };
    await registerNfse(tx, storage, {
      pg_fatura_id: fatura.id,
      nf_numero: numero,
      datahora_emissao: emissao,
      chave_acesso: chave,
      url_visualizar: links.url ? `https://nfse.prefeitura.example/notas/${numero}` : null,
      pdf: links.pdf ? await renderDanfsePdf(nota) : null,
      xml: links.arquivos ? renderNfseXml(nota) : null,
    });
  }
}
