import { readFile } from 'node:fs/promises';
import { linhaDigitavel } from '../../src/shared/boleto/febraban.ts';
import { cnab240Retorno, type RetornoEntry } from '../helpers/cnab-retorno.ts';
import { barcodeFromPdf } from '../helpers/itf-reader.ts';
import { readPdf } from '../helpers/pdf-text.ts';
import { expect, test } from './fixtures.ts';
import { mailCount, waitForMail } from './support/mailbox.ts';
import { issueNowAsAdmin } from './support/issue-now.ts';
import { subscribeNewPerson } from './support/new-person.ts';

/**
 * A boleto's whole life (issue 40), for a new client who subscribes on the demo's Boleto account
 * (Banco do Brasil): issued with its invoice and 'em registro' until the bank confirms it; staff
 * make the remessa and bring back the bank's retorno with the entrada; the customer downloads the
 * payable boleto, whose bars are its barcode; the retorno with the liquidação pays the invoice and
 * the receipt arrives. The bank is played by the tests' CNAB 240 writer. Only this client's
 * boleto is named in the retornos: the demo client's stay 'em registro' for the other specs.
 */

/** 'YYYY-MM-DD' of 'DDMMAAAA'. */
const isoOf = (ddmmaaaa: string) => `${ddmmaaaa.slice(4)}-${ddmmaaaa.slice(2, 4)}-${ddmmaaaa.slice(0, 2)}`;

/** The segment P of `faturaId` in a remessa: its nosso número, due date and amount. */
function titleOf(remessa: string, faturaId: number) {
  const lines = remessa.split('\r\n');
  const p = lines.find((line) => line[7] === '3' && line[13] === 'P' && line.slice(62, 77).trim() === String(faturaId));
  if (!p) throw new Error(`fatura ${faturaId} não está na remessa`);
  return {
    cpfcnpj: (lines[0] ?? '').slice(18, 32),
    nossoNumero: p.slice(37, 57).trim(),
    vencimento: isoOf(p.slice(77, 85)),
    valorCents: Number(p.slice(85, 100)),
  };
}

test("a boleto's life: em registro, remessa, retorno with the entrada, the payable PDF, retorno with the liquidação, 'Paga' and the receipt", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const customerContext = await browser.newContext({ baseURL });
  const customer = await customerContext.newPage();
  const cliente = await subscribeNewPerson(customer, `boleto-${Date.now().toString(36)}`, 'Boleto bancário');

  // Staff bill the new contract now: the invoice goes out with its boleto.
  const staff = page;
  await issueNowAsAdmin(staff, cliente.nome);

  // The customer: 'em registro' until the bank confirms it.
  await customer.goto(cliente.invoices);
  const faturaId = Number(await customer.locator('table.app-invoice-table tbody tr').first().getAttribute('data-fatura-id'));
  const invoice = customer.locator(`tr[data-fatura-id="${faturaId}"]`);
  await invoice.getByRole('button', { name: 'Boleto', exact: true }).click();
  let dialog = customer.getByRole('dialog', { name: 'Boleto' });
  await expect(dialog.getByText('Boleto em registro no banco.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Fechar' }).click();

  // Staff make the remessa and download it.
  await staff.goto('/admin');
  await staff.getByRole('navigation', { name: 'Administração' }).getByRole('link', { name: 'Cobrança bancária' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Cobrança bancária' })).toBeVisible();
  await staff.getByRole('button', { name: 'Gerar remessa: Boleto bancário' }).click();
  await staff.getByRole('dialog', { name: 'Gerar remessa' }).getByRole('button', { name: 'Gerar remessa' }).click();
  const made = staff.getByText(/^Remessa nº (\d+) gerada com \d+ boletos?\.$/);
  await expect(made).toBeVisible();
  const numero = /nº (\d+)/.exec(await made.innerText())?.[1];
  const downloading = staff.waitForEvent('download');
  await staff.getByRole('link', { name: `Baixar remessa nº ${numero} de Boleto bancário` }).click();
  const remessa = await readFile(await (await downloading).path(), 'latin1');
  for (const line of remessa.split('\r\n').slice(0, -1)) expect(line).toHaveLength(240);
  const title = titleOf(remessa, faturaId);

  /** The bank's retorno naming only this client's boleto, uploaded on the screen. */
  const sendRetorno = async (nsa: number, entry: Omit<RetornoEntry, 'nossoNumero' | 'vencimento' | 'valorCents'>, expected: string) => {
    const text = cnab240Retorno({
      bank: '001',
      cpfcnpj: title.cpfcnpj,
      numero: nsa,
      entries: [{ nossoNumero: title.nossoNumero, vencimento: title.vencimento, valorCents: title.valorCents, documento: String(faturaId), ...entry }],
    });
    await staff.getByRole('button', { name: 'Enviar retorno: Boleto bancário' }).click();
    const upload = staff.getByRole('dialog', { name: 'Arquivo de retorno: Boleto bancário' });
    await upload.getByLabel('Arquivo de retorno do banco (CNAB 240)').setInputFiles({
      name: `RET${nsa}.ret`,
      mimeType: 'text/plain',
      buffer: Buffer.from(text, 'latin1'),
    });
    await upload.getByRole('button', { name: 'Processar retorno' }).click();
    await expect(staff.getByText(expected)).toBeVisible();
    await expect(upload).toBeHidden();
  };
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  await sendRetorno(9001, { movimento: '02', ocorrencia: today }, 'Retorno processado: 1 entrada confirmada.');
  const occurrences = staff.getByRole('region', { name: 'Ocorrências dos retornos' });
  await expect(occurrences.getByRole('row', { name: new RegExp(title.nossoNumero) }).first()).toContainText('Entrada confirmada');

  // The customer: the linha digitável and the PDF, one page whose bars are the boleto's barcode.
  await customer.reload();
  await invoice.getByRole('button', { name: 'Boleto', exact: true }).click();
  dialog = customer.getByRole('dialog', { name: 'Boleto' });
  const linha = await dialog.getByLabel('Linha digitável').inputValue();
  const pdfDownload = customer.waitForEvent('download');
  await dialog.getByRole('link', { name: 'Baixar boleto (PDF)' }).click();
  const pdfBytes = await readFile(await (await pdfDownload).path());
  const pdf = await readPdf(pdfBytes);
  expect(pdf.pages).toBe(1);
  expect(pdf.text).toContain(linha);
  expect(linhaDigitavel(barcodeFromPdf(pdfBytes))).toBe(linha.replace(/\D/g, ''));
  await dialog.getByRole('button', { name: 'Fechar' }).click();

  // The bank's liquidação: the invoice is paid and the receipt is e-mailed.
  const mailsBefore = await mailCount();
  await sendRetorno(9002, { movimento: '06', ocorrencia: today, credito: today, pagoCents: title.valorCents }, 'Retorno processado: 1 liquidação.');
  await customer.reload();
  await expect(invoice.getByRole('img', { name: 'Paga' })).toBeVisible();
  await expect(invoice.getByRole('button', { name: 'Boleto', exact: true })).toHaveCount(0);
  const receipt = await waitForMail(cliente.email, /^Pagamento recebido/, { after: mailsBefore });
  expect(receipt.text).toContain('Recebemos o pagamento de');
  await customerContext.close();
});
