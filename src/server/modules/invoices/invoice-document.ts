import { create as attachment } from 'content-disposition';
import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { formatCpfCnpj } from '#shared/cpf-cnpj';
import { fileNameWords } from '#shared/file-names';
import { todayInSaoPaulo } from '#shared/dates';
import { formatDate, formatDateTime, formatDecimal, formatMoney, formatQuantity, toCents } from '#shared/format';
import { amountDue, chargesLate, type OverdueRule } from '#shared/overdue-charges';
import { pixPayload } from '#shared/pix/br-code';
import { SITUACAO, situacaoDesc } from '#shared/schemas/invoices';
import type { Config } from '../../platform/config.ts';
import type { Queryable } from '../../platform/db/database.ts';
import { DEMO_PROVIDER } from './demo-provider.ts';
import { CONTENT_WIDTH, MARGIN, postalAddress, renderPdf, type PdfPage } from '../../platform/pdf/document.ts';
import { consultaPublicaUrl, isValidChaveAcesso, safeHttpUrl } from './nfse-key.ts';
import { UNPAID_SITUACOES } from './payment.ts';
import { invoiceTxid } from './pix.ts';

/** Who issues the invoices (the provider): config PROVIDER_NAME, PROVIDER_CNPJ, PROVIDER_ADDRESS. */
interface InvoiceIssuer {
  name: string;
  cpfcnpj: string | null;
  address: string | null;
}

/** The provider as configured, or the demo's provider on a demo server left unconfigured. */
export function invoiceIssuer(config: Config): InvoiceIssuer {
  if (config.seedDemo && !config.PROVIDER_CNPJ && !config.PROVIDER_ADDRESS) {
    return { name: config.PROVIDER_NAME, cpfcnpj: DEMO_PROVIDER.cpfcnpj, address: DEMO_PROVIDER.endereco };
  }
  return { name: config.PROVIDER_NAME, cpfcnpj: config.PROVIDER_CNPJ ?? null, address: config.PROVIDER_ADDRESS ?? null };
}

interface InvoiceDocumentRow {
  id: number;
  situacao: number;
  data_vencimento: string;
  datahora_confirmado: string | null;
  valor: string;
  data_competencia: string | null;
  periodo_fim: string | null;
  discriminacao: string | null;
  cliente: {
    razao_social: string;
    cpfcnpj: string;
    cep: string | null;
    logradouro: string | null;
    numero: string | null;
    complemento: string | null;
    bairro: string | null;
    cidade: string | null;
    uf: string | null;
  };
  itens: { codigo: string | null; descricao: string; unidade: string | null; qtde: string | null; valor: string }[];
  nfse: { numero: string; emissao: string; chave: string | null; url: string | null } | null;
  pix: { chave: string; nome: string; cidade: string } | null;
  /** The account's late charges (issue 39); null without an account. */
  regra: OverdueRule | null;
}

/**
 * Everything the invoice's page prints, in one query: the invoice, its client with the address,
 * its items, its note and its account's PIX key. `token` limits it to the client holding it
 * (the customer's route); staff's route reads by id alone, after its guard.
 */
export async function loadInvoiceDocument(
  db: Queryable,
  faturaId: number,
  token: string | null,
): Promise<InvoiceDocumentRow | null> {
  const result = (await db.execute<{ doc: InvoiceDocumentRow }>(sql`
    select json_build_object(
      'id', f.id, 'situacao', f.situacao, 'data_vencimento', f.data_vencimento,
      'datahora_confirmado', f.datahora_confirmado, 'valor', f.valor::text,
      'data_competencia', f.data_competencia, 'periodo_fim', f.periodo_fim,
      'discriminacao', nullif(btrim(f.servico_discriminacao), ''),
      'cliente', json_build_object(
        'razao_social', c.razao_social, 'cpfcnpj', c.cpfcnpj, 'cep', c.end_cep,
        'logradouro', c.end_logradouro, 'numero', c.end_numero, 'complemento', c.end_complemento,
        'bairro', c.end_bairro, 'cidade', cid.nome, 'uf', uf.sigla),
      'itens', (select coalesce(json_agg(json_build_object(
          'codigo', i.codigo, 'descricao', i.descricao, 'unidade', i.unidade,
          'qtde', i.qtde::text, 'valor', i.valor::text) order by i.id), '[]')
        from pg_fatura_item i where i.pg_fatura_id = f.id),
      'nfse', (select json_build_object('numero', n.nf_numero, 'emissao', n.datahora_emissao,
          'chave', n.chave_acesso, 'url', n.url_visualizar)
        from pg_nfse n where n.pg_fatura_id = f.id),
      'pix', (select json_build_object('chave', k.pix_chave, 'nome', k.pix_nome, 'cidade', k.pix_cidade)
        from gl_contrato ct join pg_conta k on k.id = ct.pg_conta_id
        where ct.id = f.gl_contrato_id and k.pix_chave is not null),
      'regra', (select json_build_object('multa', k.multa_percentual::text, 'juros', k.juros_mensal_percentual::text)
        from gl_contrato ct join pg_conta k on k.id = ct.pg_conta_id where ct.id = f.gl_contrato_id)
    ) as doc
    from pg_fatura f
    join gl_cliente c on c.id = f.gl_cliente_id
    left join gl_cidade cid on cid.id = c.gl_cidade_id
    left join gl_estado uf on uf.id = cid.gl_estado_id
    where f.id = ${faturaId} ${token === null ? sql`` : sql`and c.fatura_token = ${token}`}`)) as {
    rows: { doc: InvoiceDocumentRow }[];
  };
  return result.rows[0]?.doc ?? null;
}

/** 'fatura-2026-11-empresa-x.pdf': the month it bills (else its due date's) and the client. */
function invoicePdfFileName(doc: Pick<InvoiceDocumentRow, 'data_competencia' | 'data_vencimento' | 'cliente'>): string {
  const month = (doc.data_competencia ?? doc.data_vencimento).slice(0, 7);
  const client = fileNameWords(doc.cliente.razao_social, 40);
  return `fatura-${month}${client ? `-${client}` : ''}.pdf`;
}


function party(page: PdfPage, title: string, name: string, cpfcnpj: string | null, address: string | null) {
  page.section(title);
  page.text(name, { bold: true, size: 11 });
  if (cpfcnpj) page.text(`${cpfcnpj.length === 11 ? 'CPF' : 'CNPJ'}: ${formatCpfCnpj(cpfcnpj)}`, { size: 9 });
  if (address) page.text(address, { size: 9 });
}

/** The PIX of an unpaid invoice whose account has a key: its BR Code (as the PIX modal's), for `valor`. */
function pixOf(doc: InvoiceDocumentRow, valor: string): string | null {
  if (!doc.pix || !UNPAID_SITUACOES.includes(doc.situacao)) return null;
  return pixPayload({ chave: doc.pix.chave, nome: doc.pix.nome, cidade: doc.pix.cidade, valor, txid: invoiceTxid(doc.id) });
}

const percent = (value: string) => `${formatDecimal(value)} %`;

/** The account's rule in words, for the page (decision 110). */
function ruleText(rule: OverdueRule): string {
  const parts = [
    toCents(rule.multa) ? `multa de ${percent(rule.multa ?? '0')}` : null,
    toCents(rule.juros) ? `juros de ${percent(rule.juros ?? '0')} ao mês, pro rata die` : null,
  ].filter(Boolean);
  return `Após o vencimento: ${parts.join(' e ')}, sobre o valor da fatura.`;
}

/**
 * The invoice as one A4 page (issue 39 item 3): issuer and client, number, competência, due
 * date, items as §2's details, total, situação (and when it was paid), the NFS-e, and how to pay
 * an unpaid one: the PIX QR code and its copia e cola.
 */
async function drawInvoicePdf(doc: InvoiceDocumentRow, issuer: InvoiceIssuer, now: Date = new Date()): Promise<Buffer> {
  const today = todayInSaoPaulo(now);
  const unpaid = UNPAID_SITUACOES.includes(doc.situacao);
  const charges = doc.regra && chargesLate(doc.regra) ? doc.regra : null;
  // An overdue invoice is paid with its late charges to today, by the QR code too.
  const dueToday = charges && unpaid ? amountDue(doc.valor, doc.data_vencimento, today, charges) : doc.valor;
  const updated = toCents(dueToday) !== toCents(doc.valor);
  const copiaECola = pixOf(doc, dueToday);
  const qr = copiaECola ? (await import('qrcode')).default.create(copiaECola, { errorCorrectionLevel: 'M' }).modules : null;
  const competencia = doc.data_competencia ? formatDate(doc.data_competencia).slice(3) : null;
  const paid = doc.situacao === SITUACAO.paga;

  return renderPdf({ title: `Fatura ${doc.id}`, author: issuer.name, createdAt: now }, (page) => {
    page.text(issuer.name, { size: 16, bold: true, width: CONTENT_WIDTH - 150 });
    page.textAt(`Fatura nº ${doc.id}`, MARGIN + CONTENT_WIDTH - 150, MARGIN, { size: 14, bold: true, width: 150, align: 'right' });
    if (issuer.cpfcnpj) page.text(`CNPJ: ${formatCpfCnpj(issuer.cpfcnpj)}`, { size: 9 });
    if (issuer.address) page.text(issuer.address, { size: 9 });

    party(page, 'Cliente', doc.cliente.razao_social, doc.cliente.cpfcnpj, postalAddress(doc.cliente));

    page.section('Fatura');
    page.fields([
      ['Número', String(doc.id)],
      ['Competência', competencia ?? '-'],
      ['Vencimento', formatDate(doc.data_vencimento)],
      ['Valor total', formatMoney(doc.valor)],
      ['Situação', situacaoDesc(doc.situacao)],
      ['Pago em', paid && doc.datahora_confirmado ? formatDate(doc.datahora_confirmado) : '-'],
      ...(updated ? ([[`Valor atualizado em ${formatDate(today)}`, formatMoney(dueToday)]] as const) : []),
    ]);
    if (charges) page.text(ruleText(charges), { size: 8, grey: true });
    if (doc.discriminacao) page.text(doc.discriminacao, { size: 9 });

    page.section('Itens da fatura');
    page.table(
      [
        { title: 'Código', width: 12 },
        { title: 'Descrição', width: 50 },
        { title: 'Unidade', width: 11 },
        { title: 'Qtde.', width: 10, align: 'right' },
        { title: 'Valor', width: 17, align: 'right' },
      ],
      doc.itens.map((item) => [item.codigo ?? '-', item.descricao, item.unidade ?? '-', formatQuantity(item.qtde), formatMoney(item.valor)]),
      { reserve: copiaECola ? 260 : 110, overflow: (left) => `… e mais ${left} ${left === 1 ? 'item' : 'itens'}: veja a fatura no portal.` },
    );
    page.text(`Total: ${formatMoney(doc.valor)}`, { size: 12, bold: true, align: 'right' });

    if (doc.nfse) {
      page.section('NFS-e');
      const chave = doc.nfse.chave && isValidChaveAcesso(doc.nfse.chave) ? doc.nfse.chave : null;
      page.text(`NFS-e nº ${doc.nfse.numero}, emitida em ${formatDateTime(doc.nfse.emissao)}`, { size: 9 });
      if (chave) page.text(`Chave de acesso: ${chave}`, { size: 8, mono: true });
      const url = safeHttpUrl(doc.nfse.url) ?? consultaPublicaUrl(chave);
      if (url) page.link(url, url, { size: 8 });
    }

    if (copiaECola && qr) {
      page.section('Como pagar: PIX');
      const top = page.y;
      const side = 130;
      page.qrCode(qr, MARGIN, top, side);
      const x = MARGIN + side + 16;
      const width = CONTENT_WIDTH - side - 16;
      page.textAt(`Leia o QR Code no aplicativo do seu banco ou use o PIX copia e cola (${formatMoney(dueToday)}):`, x, top, { size: 9, width });
      page.textAt(copiaECola, x, top + 16, { size: 7.5, mono: true, width });
      page.y = top + side + 6;
    }

    page.gap(6);
    page.text(`Documento gerado em ${formatDateTime(now)} pelo portal do cliente. Não é documento fiscal: a NFS-e é.`, { size: 7.5, grey: true });
  });
}

/**
 * The PDF as a download: a pt-BR file name, and never kept by a shared cache (the token routes
 * answer `no-store`; staff's route says it here too).
 */
export async function sendInvoicePdf(reply: FastifyReply, doc: InvoiceDocumentRow, issuer: InvoiceIssuer) {
  const pdf = await drawInvoicePdf(doc, issuer);
  return reply
    .header('Cache-Control', 'no-store')
    .type('application/pdf')
    .header('Content-Disposition', attachment(invoicePdfFileName(doc)))
    .send(pdf);
}
