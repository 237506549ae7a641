import { and, eq, sql } from 'drizzle-orm';
import { create as attachment } from 'content-disposition';
import type { FastifyReply } from 'fastify';
import { todayInSaoPaulo } from '#shared/dates';
import { formatCpfCnpj } from '#shared/cpf-cnpj';
import { fileNameWords } from '#shared/file-names';
import { formatDate, formatDecimal, formatMoney, toCents } from '#shared/format';
import { pixPayload } from '#shared/pix/br-code';
import type { Queryable } from '../../platform/db/database.ts';
import { glCliente, pgBoleto, pgConta, pgFatura } from '../../platform/db/schema.ts';
import { CONTENT_WIDTH, MARGIN, postalAddress, renderPdf, type PdfPage } from '../../platform/pdf/document.ts';
import { invoiceTxid } from '../invoices/index.ts';
import { BOLETO_BANKS } from '#shared/boleto/banks/index';
import { bankAccountOf } from './issue-boleto.ts';
import { formatLinhaDigitavel } from '#shared/boleto/febraban';
import { itfBars } from './itf.ts';

/** A registered boleto with its account, invoice and payer, for its page; null unless the token's client's. */
export async function loadBoletoDocument(db: Queryable, faturaId: number, token: string) {
  const [row] = await db
    .select({ boleto: pgBoleto, conta: pgConta, fatura: { id: pgFatura.id, criado: pgFatura.datahora_criado }, cliente: glCliente })
    .from(pgBoleto)
    .innerJoin(pgFatura, eq(pgFatura.id, pgBoleto.pg_fatura_id))
    .innerJoin(glCliente, eq(glCliente.id, pgFatura.gl_cliente_id))
    .innerJoin(pgConta, eq(pgConta.id, pgBoleto.pg_conta_id))
    .where(and(eq(pgBoleto.pg_fatura_id, faturaId), eq(glCliente.fatura_token, token), eq(pgBoleto.situacao, 'registrado')));
  if (!row) return null;
  const [address] = (
    (await db.execute<{ cidade: string | null; uf: string | null }>(sql`
      select c.nome as cidade, e.sigla as uf from gl_cidade c join gl_estado e on e.id = c.gl_estado_id where c.id = ${row.cliente.gl_cidade_id ?? 0}`)) as {
      rows: { cidade: string | null; uf: string | null }[];
    }
  ).rows;
  return { ...row, cidade: address ?? null };
}

type BoletoDocument = NonNullable<Awaited<ReturnType<typeof loadBoletoDocument>>>;

function payerAddress(doc: BoletoDocument): string {
  const c = doc.cliente;
  return (
    postalAddress({
      logradouro: c.end_logradouro,
      numero: c.end_numero,
      complemento: c.end_complemento,
      bairro: c.end_bairro,
      cidade: doc.cidade?.cidade ?? null,
      uf: doc.cidade?.uf ?? null,
      cep: c.end_cep,
    }) ?? ''
  );
}

/** The instructions printed: the account's own, then the late charges in words (decision 110). */
function instructions(doc: BoletoDocument): string {
  const lines = [doc.conta.boleto_instrucoes?.trim() || 'Não receber após 60 dias do vencimento.'];
  if (toCents(doc.conta.multa_percentual)) lines.push(`Após o vencimento, multa de ${formatDecimal(doc.conta.multa_percentual)} %.`);
  if (toCents(doc.conta.juros_mensal_percentual)) {
    lines.push(`Após o vencimento, juros de ${formatDecimal(doc.conta.juros_mensal_percentual)} % ao mês, pro rata die.`);
  }
  return lines.join('\n');
}

/**
 * The boleto on one A4 page (issue 40, decision 112): the recibo do pagador above the cut line,
 * the ficha de compensação below it, with the barcode as Interleaved 2 of 5 bars (bwip-js) and,
 * when the account also has a PIX key, the invoice's PIX QR code (boleto híbrido).
 */
async function drawBoletoPdf(doc: BoletoDocument, now: Date): Promise<Buffer> {
  const bank = BOLETO_BANKS.get(doc.boleto.banco);
  const account = bankAccountOf(doc.conta);
  if (!bank || !account) throw new Error(`pg_boleto ${doc.boleto.id}: banco sem dados`);
  const bars = await itfBars(doc.boleto.codigo_barras);
  const pix =
    doc.conta.pix_chave && doc.conta.pix_nome && doc.conta.pix_cidade
      ? pixPayload({ chave: doc.conta.pix_chave, nome: doc.conta.pix_nome, cidade: doc.conta.pix_cidade, valor: doc.boleto.valor, txid: invoiceTxid(doc.fatura.id) })
      : null;
  const qr = pix ? (await import('qrcode')).default.create(pix, { errorCorrectionLevel: 'M' }).modules : null;
  const linha = formatLinhaDigitavel(doc.boleto.linha_digitavel);
  const beneficiary = `${doc.conta.beneficiario_nome ?? ''} – CNPJ/CPF ${formatCpfCnpj(doc.conta.beneficiario_cpfcnpj ?? '')}`;
  const payer = `${doc.cliente.razao_social} – ${doc.cliente.cpfcnpj.length === 11 ? 'CPF' : 'CNPJ'} ${formatCpfCnpj(doc.cliente.cpfcnpj)}`;
  const agencia = bank.beneficiaryCode(account);
  const valor = formatMoney(doc.boleto.valor);
  const vencimento = formatDate(doc.boleto.data_vencimento);
  const documento = String(doc.fatura.id);

  return renderPdf({ title: `Boleto da fatura ${doc.fatura.id}`, author: doc.conta.beneficiario_nome ?? bank.name, createdAt: now }, (page: PdfPage) => {
    const header = (title: string) => {
      const top = page.y;
      page.textAt(bank.name, MARGIN, top, { size: 12, bold: true, width: 160 });
      page.textAt(bank.printedCode, MARGIN + 165, top, { size: 12, bold: true, width: 50 });
      page.textAt(title === 'ficha' ? linha : 'Recibo do Pagador', MARGIN + 220, top + 1, { size: title === 'ficha' ? 10.5 : 10, bold: true, mono: title === 'ficha', width: CONTENT_WIDTH - 220, align: 'right' });
      page.y = top + 18;
    };
    const W = CONTENT_WIDTH;
    const H = 22;
    const row = (cells: [string, string, number][], options: { bold?: boolean } = {}) => {
      let x = MARGIN;
      for (const [label, value, share] of cells) {
        page.box(x, page.y, W * share, H, label, value, options.bold ? { bold: true } : {});
        x += W * share;
      }
      page.y += H;
    };

    // Recibo do pagador.
    header('recibo');
    row([['Beneficiário', beneficiary, 0.7], ['Agência / Código do beneficiário', agencia, 0.3]]);
    row([['Pagador', payer, 0.7], ['Nosso número', doc.boleto.nosso_numero_impresso, 0.3]]);
    row([['Número do documento', documento, 0.25], ['Data do documento', formatDate(doc.fatura.criado), 0.25], ['Vencimento', vencimento, 0.25], ['Valor do documento', valor, 0.25]], { bold: true });
    page.textAt(`Linha digitável: ${linha}`, MARGIN, page.y + 3, { size: 8, mono: true });
    page.y += 16;
    page.cutLine('Corte na linha pontilhada');

    // Ficha de compensação.
    header('ficha');
    row([['Local de pagamento', 'Pagável em qualquer banco, lotérica ou aplicativo até o vencimento.', 0.75], ['Vencimento', vencimento, 0.25]], { bold: false });
    row([['Beneficiário', `${beneficiary}${doc.conta.beneficiario_endereco ? ` – ${doc.conta.beneficiario_endereco}` : ''}`, 0.75], ['Agência / Código do beneficiário', agencia, 0.25]]);
    row([
      ['Data do documento', formatDate(doc.fatura.criado), 0.15],
      ['Número do documento', documento, 0.15],
      ['Espécie doc.', 'DS', 0.1],
      ['Aceite', 'N', 0.1],
      ['Data do processamento', formatDate(todayInSaoPaulo(now)), 0.25],
      ['Nosso número', doc.boleto.nosso_numero_impresso, 0.25],
    ]);
    row([['Uso do banco', '', 0.15], ['Carteira', account.carteira, 0.15], ['Espécie', 'R$', 0.1], ['Quantidade', '', 0.1], ['Valor', '', 0.25], ['(=) Valor do documento', valor, 0.25]]);
    const instructionsTop = page.y;
    const instructionsHeight = 96;
    page.box(MARGIN, instructionsTop, W * 0.75, instructionsHeight, 'Instruções (texto de responsabilidade do beneficiário)', instructions(doc), { size: 8 });
    if (qr && pix) {
      page.qrCode(qr, MARGIN + W * 0.75 - 90, instructionsTop + 4, 84);
      page.textAt('Pague também com PIX', MARGIN + W * 0.75 - 200, instructionsTop + 80, { size: 7, width: 105, align: 'right' });
    }
    const sideLabels = ['(−) Desconto / abatimento', '(+) Mora / multa', '(=) Valor cobrado'];
    sideLabels.forEach((label, index) => page.box(MARGIN + W * 0.75, instructionsTop + index * (instructionsHeight / 3), W * 0.25, instructionsHeight / 3, label, ''));
    page.y = instructionsTop + instructionsHeight;
    row([['Pagador', `${payer}\n${payerAddress(doc)}`, 1]]);
    page.y += 10;
    // FEBRABAN: 103 mm by 13 mm; 405 narrow widths.
    const barsWidth = (103 / 25.4) * 72;
    page.bars(bars, MARGIN, page.y, barsWidth / 405, (13 / 25.4) * 72);
    page.textAt('Autenticação mecânica – Ficha de Compensação', MARGIN + barsWidth + 10, page.y, { size: 7, grey: true, width: W - barsWidth - 10, align: 'right' });
  });
}

/** The download: 'boleto-2026-12-empresa-x.pdf', never kept by a shared cache. */
export async function sendBoletoPdf(reply: FastifyReply, doc: BoletoDocument) {
  const pdf = await drawBoletoPdf(doc, new Date());
  const name = `boleto-${doc.boleto.data_vencimento.slice(0, 7)}-${fileNameWords(doc.cliente.razao_social, 40) || 'cliente'}.pdf`;
  return reply.header('Cache-Control', 'no-store').type('application/pdf').header('Content-Disposition', attachment(name)).send(pdf);
}
