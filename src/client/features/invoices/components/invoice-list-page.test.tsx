import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { FaturaDto } from '#shared/schemas/invoices';
import { dismissAllNotices, getNotices } from '#client/lib/notices';
import { createQueryClient } from '#client/lib/query-client';
import {
  envelopeResponse,
  setCsrfCookie,
  stubFetch,
  type StubHandler,
} from '#client/testing/fetch-stub';
import { detalhe, invoiceDto, lista, nfse, TOKEN } from '../testing/invoice-data';
import { DETAILS_TITLE } from '../texts';
import { PIX_PAID_POLL_MS } from '../api/get-pix';
import { InvoiceListPage } from './invoice-list-page';
import { EMPTY_TEXT, NOT_FOUND_TEXT } from '../texts';
import { NFSE_ACTIONS } from '../texts';

const VIEW_NFSE_LABEL = NFSE_ACTIONS.view;
const DOWNLOAD_NFSE_LABEL = NFSE_ACTIONS.pdf;

const LIST_PATH = `/api/pg_fatura/cliente/${TOKEN}`;
const PIX_PATH = `${LIST_PATH}/pix`;
/** The invoices payable by PIX (issue 20), asked beside the list: none unless a test says. */
const withPix = (routes: Record<string, StubHandler>, payable: number[] = []) => ({
  [`GET ${PIX_PATH}`]: () => envelopeResponse({ faturas: payable }),
  ...routes,
});
/** GET …/{id}/pix of an invoice: what the PIX modal shows. */
const pixPayment = (id: number) =>
  envelopeResponse({
    id,
    valor: '149.90',
    data_vencimento: '2026-11-10',
    copia_e_cola: '00020126580014br.gov.bcb.pix6304ABCD',
    qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
  });
/** The calls a test counts: the list's and the rows', not the PIX offer's. */
const listCalls = (calls: { path: string }[]) => calls.filter((call) => call.path !== PIX_PATH);

function renderPage(path = `/cliente/${TOKEN}/fatura`) {
  const router = createMemoryRouter(
    [{ path: '/cliente/:token/fatura', Component: InvoiceListPage }],
    {
      initialEntries: [path],
    },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup() };
}

/** The rows of the table body, as the person sees them. */
function rows() {
  const table = screen.getByRole('table');
  return within(table).getAllByRole('row').slice(1);
}

const semLinks = invoiceDto({
  situacao: 6,
  data_vencimento_calculado: '2025-04-10',
  nfse: nfse({
    nf_numero: '2001',
    has_pdf: false,
    pdf_url_download: null,
    has_url_visualizar: false,
    url_visualizar: null,
  }),
});
const FATURAS: FaturaDto[] = [
  invoiceDto({ situacao: 5, data_vencimento_calculado: '2026-04-10', valor: '119.90' }),
  invoiceDto({ situacao: 6, data_vencimento_calculado: '2026-03-10', valor: '1234.5' }),
  invoiceDto({ situacao: 8, data_vencimento_calculado: '2026-02-10' }),
  invoiceDto({ situacao: 6, data_vencimento_calculado: '2026-01-10' }),
  invoiceDto({ situacao: 8, data_vencimento_calculado: '2025-12-10' }),
  invoiceDto({ situacao: 7, data_vencimento_calculado: '2025-11-10' }),
  semLinks,
];

// The API client reads it at each request (§7); a page always has one.
beforeEach(() => setCsrfCookie('csrf'));
afterEach(() => setCsrfCookie(null));

describe('invoice list (§2 cliente.fatura.index)', () => {
  it('names the client with the masked CNPJ and lists the invoices in the order served', async () => {
    stubFetch(withPix({ [`GET ${LIST_PATH}`]: () => envelopeResponse(lista(FATURAS)) }));
    renderPage();
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Faturas de: Empresa Demonstração Ltda',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('CNPJ: 11.222.333/0001-81')).toBeInTheDocument();
    expect(document.title).toBe('Faturas de: Empresa Demonstração Ltda · Portal do Cliente');

    const headers = within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      'Vencimento',
      'Pago em',
      'Valor (R$)',
      'NFS-e',
      'Emissão da NFS-e',
      'Situação',
      'Ações',
    ]);
    expect(rows()).toHaveLength(7);
    const cells = within(rows()[1] as HTMLElement)
      .getAllByRole('cell')
      .map((td) => td.textContent);
    // Times in America/Sao_Paulo: 17:30Z paid on 09/03, note at 19:30Z is 16:30 there.
    expect(cells.slice(0, 5)).toEqual([
      '10/03/2026',
      '09/03/2026',
      '1.234,50',
      '2001',
      '09/03/2026 16:30',
    ]);
    // An unpaid invoice without a note shows '-'.
    const first = within(rows()[0] as HTMLElement)
      .getAllByRole('cell')
      .map((td) => td.textContent);
    expect(first.slice(0, 5)).toEqual(['10/04/2026', '-', '119,90', '-', '-']);
  });

  it('filters by the §2 badges, each showing its count', async () => {
    stubFetch(withPix({ [`GET ${LIST_PATH}`]: () => envelopeResponse(lista(FATURAS)) }));
    const { user, router } = renderPage();
    await screen.findByRole('table');
    const badge = (name: RegExp) => screen.getByRole('button', { name });
    expect(badge(/^Todas 7$/)).toHaveAttribute('aria-pressed', 'true');
    expect(badge(/^Fechada\/Emitida 1$/)).toHaveAttribute('aria-pressed', 'false');
    expect(badge(/^Paga 3$/)).toBeInTheDocument();
    expect(badge(/^Vencida 2$/)).toBeInTheDocument();

    await user.click(badge(/^Paga/));
    expect(rows()).toHaveLength(3);
    expect(badge(/^Paga/)).toHaveAttribute('aria-pressed', 'true');
    expect(router.state.location.search).toBe('?situacao=6');

    await user.click(badge(/^Vencida/));
    expect(rows()).toHaveLength(2);
    await user.click(badge(/^Fechada/));
    expect(rows()).toHaveLength(1);
    await user.click(badge(/^Todas/));
    expect(rows()).toHaveLength(7);
    expect(router.state.location.search).toBe('');
  });

  it('says the situação in words beside the icon: open, paid, and overdue for how many days (issue 39)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 20 April in São Paulo (01:00 UTC on the 21st is still the 20th there).
    vi.setSystemTime(new Date('2026-04-21T01:00:00Z'));
    onTestFinished(() => {
      vi.useRealTimers();
    });
    stubFetch(withPix({ [`GET ${LIST_PATH}`]: () => envelopeResponse(lista(FATURAS)) }));
    renderPage();
    await screen.findByRole('table');
    const words = rows().map((row) => row.querySelector('.app-situacao-words')?.textContent);
    // Due 10/04 closed, 10/03 paid, 10/02 overdue (69 days), 10/01 paid, 10/12 overdue (131 days), code 7.
    expect(words.slice(0, 6)).toEqual(['Em aberto', 'Paga', 'Vencida há 69 dias', 'Paga', 'Vencida há 131 dias', 'Situação 7']);
  });

  it("says above the table the total of the issued invoices not paid, whatever the filter (issue 39)", async () => {
    stubFetch(withPix({ [`GET ${LIST_PATH}`]: () => envelopeResponse(lista(FATURAS)) }));
    const { user } = renderPage();
    await screen.findByRole('table');
    // 119,90 closed and two overdue of 149,90; the paid ones and code 7 do not count.
    expect(screen.getByText(/^Total em aberto: R\$\s419,70$/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Paga/ }));
    expect(screen.getByText(/^Total em aberto: R\$\s419,70$/)).toBeInTheDocument();
  });

  it("exports the invoices the filter shows as a spreadsheet with 'Exportar (CSV)' (issue 39)", async () => {
    stubFetch(withPix({ [`GET ${LIST_PATH}`]: () => envelopeResponse(lista(FATURAS)) }));
    const files: Blob[] = [];
    const names: string[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      files.push(blob);
      return 'blob:faturas';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    onTestFinished(() => click.mockRestore());
    const { user } = renderPage(`/cliente/${TOKEN}/fatura?situacao=6`);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Exportar (CSV)' }));
    await waitFor(() => expect(names).toHaveLength(1));
    expect(names[0]).toMatch(/^faturas-.+-paga\.csv$/);
    expect(files[0]!.type).toBe('text/csv;charset=utf-8');
    const bytes = await new Promise<ArrayBuffer>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.readAsArrayBuffer(files[0]!);
    });
    const lines = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).split('\r\n').filter(Boolean);
    // The header, then the three paid invoices the filter shows.
    expect(lines[0]).toBe('\uFEFFVencimento;Pago em;Valor (R$);Situação;NFS-e;Emissão da NFS-e;Descrição');
    expect(lines.slice(1).map((line) => line.split(';')[3])).toEqual(['Paga', 'Paga', 'Paga']);
  });

  it('opens with the filter of the address', async () => {
    stubFetch(withPix({ [`GET ${LIST_PATH}`]: () => envelopeResponse(lista(FATURAS)) }));
    renderPage(`/cliente/${TOKEN}/fatura?situacao=8`);
    await screen.findByRole('table');
    expect(rows()).toHaveLength(2);
    expect(screen.getByRole('button', { name: /^Vencida/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('enables each NFS-e action only when the note has that link', async () => {
    stubFetch(withPix({ [`GET ${LIST_PATH}`]: () => envelopeResponse(lista(FATURAS)) }));
    renderPage();
    await screen.findByRole('table');
    const paid = within(rows()[1] as HTMLElement);
    const view = paid.getByRole('link', { name: VIEW_NFSE_LABEL });
    expect(view).toHaveAttribute('href', 'https://nfse.prefeitura.example/notas/2001');
    expect(view).toHaveAttribute('target', '_blank');
    expect(view).toHaveAttribute('rel', 'noopener noreferrer');
    const download = paid.getByRole('link', { name: DOWNLOAD_NFSE_LABEL });
    expect(download).toHaveAttribute('href', `/api/pg_fatura/cliente/${TOKEN}/1/nfse.pdf`);
    expect(download).toHaveAttribute('download');

    for (const row of [rows()[6], rows()[0]]) {
      for (const label of [VIEW_NFSE_LABEL, DOWNLOAD_NFSE_LABEL]) {
        const action = within(row as HTMLElement).getByRole('link', { name: label });
        expect(action).toHaveAttribute('aria-disabled', 'true');
        expect(action).not.toHaveAttribute('href');
      }
    }
  });

  it("labels every action, offers the invoice's PDF and says why an NFS-e action is disabled (issue 39)", async () => {
    stubFetch(withPix({ [`GET ${LIST_PATH}`]: () => envelopeResponse(lista(FATURAS)) }));
    const { user } = renderPage();
    await screen.findByRole('table');
    const open = within(rows()[0] as HTMLElement);
    const pdf = open.getByRole('link', { name: 'Fatura (PDF)' });
    expect(pdf).toHaveAttribute('href', `/api/pg_fatura/cliente/${TOKEN}/${FATURAS[0]?.id}/fatura.pdf`);
    expect(pdf).toHaveAttribute('download');
    // Not issued yet: the reason is in the tooltip, on hover and on keyboard focus.
    const view = open.getByRole('link', { name: 'Ver NFS-e' });
    expect(view).toHaveAttribute('aria-disabled', 'true');
    await user.hover(view);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('NFS-e ainda não emitida');
    await user.unhover(view);
    // Issued without a PDF: another reason.
    const noPdf = within(rows()[6] as HTMLElement).getByRole('link', { name: 'NFS-e (PDF)' });
    act(() => noPdf.focus());
    expect(await screen.findByText('O PDF desta NFS-e não está disponível')).toBeInTheDocument();
  });

  it("an overdue invoice shows its amount updated to today, in the row and in the details (issue 39)", async () => {
    const overdue = invoiceDto({ situacao: 8, data_vencimento_calculado: '2026-10-11', valor: '1000.00', valor_atualizado: '1036.33' });
    stubFetch(
      withPix({
        [`GET ${LIST_PATH}`]: () => envelopeResponse(lista([overdue])),
        [`GET ${LIST_PATH}/${overdue.id}`]: () => envelopeResponse(detalhe(overdue)),
      }),
    );
    const { user } = renderPage();
    await screen.findByRole('table');
    const amount = within(rows()[0] as HTMLElement).getAllByRole('cell')[2] as HTMLElement;
    expect(amount).toHaveTextContent('1.000,00atualizado: 1.036,33');
    await user.click(within(rows()[0] as HTMLElement).getByRole('button', { name: /Ver detalhes da fatura/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalhes da Fatura' });
    expect(within(dialog).getByText('Valor atualizado hoje').nextElementSibling).toHaveTextContent('R$ 1.036,33');
  });

  it("'Boleto' says it is being registered, then shows the linha digitável and the PDF (issue 40)", async () => {
    const open = invoiceDto({ situacao: 5, data_vencimento_calculado: '2026-12-10', boleto: true });
    let situacao: 'em_registro' | 'registrado' = 'em_registro';
    const boletoPath = `${LIST_PATH}/${open.id}/boleto`;
    stubFetch(
      withPix({
        [`GET ${LIST_PATH}`]: () => envelopeResponse(lista([open, invoiceDto({ situacao: 6 })])),
        [`GET ${boletoPath}`]: () =>
          envelopeResponse({
            id: open.id,
            situacao,
            banco: 'Banco do Brasil',
            valor: '149.90',
            data_vencimento: '2026-12-10',
            nosso_numero: '12345670000000001',
            linha_digitavel: situacao === 'registrado' ? '00190.00009 01234.567004 00000.001180 2 16560000014990' : null,
            pdf_url: situacao === 'registrado' ? `${boletoPath}.pdf` : null,
          }),
      }),
    );
    const { user } = renderPage();
    await screen.findByRole('table');
    expect(within(rows()[1] as HTMLElement).queryByRole('button', { name: 'Boleto' })).not.toBeInTheDocument();
    await user.click(within(rows()[0] as HTMLElement).getByRole('button', { name: 'Boleto' }));
    let dialog = await screen.findByRole('dialog', { name: 'Boleto' });
    expect(await within(dialog).findByText('Boleto em registro no banco.')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Linha digitável')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));

    situacao = 'registrado';
    await user.click(within(rows()[0] as HTMLElement).getByRole('button', { name: 'Boleto' }));
    dialog = await screen.findByRole('dialog', { name: 'Boleto' });
    expect(await within(dialog).findByDisplayValue('00190.00009 01234.567004 00000.001180 2 16560000014990')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Baixar boleto (PDF)' })).toHaveAttribute('href', `${boletoPath}.pdf`);
  });

  it('a click on a disabled action, or beside the actions, does not open the details behind it', async () => {
    const { calls } = stubFetch(
      withPix({ [`GET ${LIST_PATH}`]: () => envelopeResponse(lista(FATURAS)) }),
    );
    renderPage();
    await screen.findByRole('table');
    const oldest = within(rows()[6] as HTMLElement);
    // A disabled action lets the click through (pointer-events: none): it lands on the cell.
    act(() =>
      (oldest.getByRole('link', { name: VIEW_NFSE_LABEL }).parentElement as HTMLElement).click(),
    );
    act(() => (oldest.getAllByRole('cell').at(-1) as HTMLElement).click());
    act(() => oldest.getByRole('link', { name: DOWNLOAD_NFSE_LABEL }).click());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(listCalls(calls)).toHaveLength(1);
  });

  it('shows the situacao as an icon with its description in a tooltip', async () => {
    stubFetch(withPix({ [`GET ${LIST_PATH}`]: () => envelopeResponse(lista(FATURAS)) }));
    const { user } = renderPage();
    await screen.findByRole('table');
    const icon = within(rows()[2] as HTMLElement).getByRole('img', { name: 'Vencida' });
    expect(icon).toHaveClass('app-situacao', 'situacao-vencida');
    expect(within(rows()[5] as HTMLElement).getByRole('img', { name: 'Situação 7' })).toHaveClass(
      'situacao-outra',
    );
    await user.hover(icon);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Vencida');
  });

  it('keeps the keyboard focus on an action while its tooltip shows', async () => {
    stubFetch(withPix({ [`GET ${LIST_PATH}`]: () => envelopeResponse(lista(FATURAS)) }));
    renderPage();
    await screen.findByRole('table');
    const download = within(rows()[1] as HTMLElement).getByRole('link', {
      name: DOWNLOAD_NFSE_LABEL,
    });
    act(() => download.focus());
    expect(await screen.findByRole('tooltip')).toHaveTextContent(NFSE_ACTIONS.pdfHint);
    expect(download).toHaveFocus();
    expect(download.isConnected).toBe(true);
  });

  it('opens the read-only details of a clicked row, fetching its items only then', async () => {
    const opened = FATURAS[1] as FaturaDto;
    const { calls } = stubFetch(
      withPix({
        [`GET ${LIST_PATH}`]: () => envelopeResponse(lista(FATURAS)),
        [`GET ${LIST_PATH}/${opened.id}`]: () => envelopeResponse(detalhe(opened)),
      }),
    );
    const { user } = renderPage();
    await screen.findByRole('table');
    expect(listCalls(calls)).toHaveLength(1);

    await user.click(within(rows()[1] as HTMLElement).getAllByRole('cell')[3] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: DETAILS_TITLE });
    expect(await within(dialog).findByText('Suporte técnico avulso')).toBeInTheDocument();
    expect(listCalls(calls).map((call) => call.path)).toEqual([
      LIST_PATH,
      `${LIST_PATH}/${opened.id}`,
    ]);
    expect(within(dialog).getByText('Valor total').nextSibling).toHaveTextContent('R$ 1.234,50');

    await user.click(
      within(dialog).getAllByRole('button', { name: 'Fechar' }).at(-1) as HTMLElement,
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens the details from the keyboard too', async () => {
    const opened = FATURAS[0] as FaturaDto;
    stubFetch(
      withPix({
        [`GET ${LIST_PATH}`]: () => envelopeResponse(lista(FATURAS)),
        [`GET ${LIST_PATH}/${opened.id}`]: () => envelopeResponse(detalhe(opened)),
      }),
    );
    const { user } = renderPage();
    const button = await screen.findByRole('button', {
      name: 'Ver detalhes da fatura com vencimento em 10/04/2026',
    });
    button.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: DETAILS_TITLE })).toBeInTheDocument();
  });

  it('stays one request and one pass for hundreds of invoices', async () => {
    const many = Array.from({ length: 300 }, (_, index) =>
      invoiceDto({
        situacao: [5, 6, 8][index % 3] as number,
        data_vencimento_calculado: `20${String(50 - Math.floor(index / 12)).padStart(2, '0')}-${String((index % 12) + 1).padStart(2, '0')}-10`,
      }),
    );
    const { calls } = stubFetch(
      withPix({ [`GET ${LIST_PATH}`]: () => envelopeResponse(lista(many)) }),
    );
    renderPage();
    // Plain selectors: role queries over thousands of jsdom nodes are what would be slow here.
    await waitFor(() => expect(document.querySelectorAll('tbody tr')).toHaveLength(300));
    expect(
      document.querySelector('[aria-pressed="false"] .app-invoice-filter__count')?.textContent,
    ).toBe('100');
    expect(listCalls(calls)).toHaveLength(1);
  }, 15_000);

  it("offers 'Pagar com PIX' on the invoices the server names, and shows the QR code and the copia-e-cola text (issue 20)", async () => {
    const payable = FATURAS.find((fatura) => fatura.situacao === 8) as FaturaDto;
    stubFetch(
      withPix(
        {
          [`GET ${LIST_PATH}`]: () => envelopeResponse(lista(FATURAS)),
          [`GET ${LIST_PATH}/${payable.id}/pix`]: () => pixPayment(payable.id),
        },
        [payable.id],
      ),
    );
    const { user } = renderPage();
    const pay = await screen.findByRole('button', { name: 'Pagar' });
    expect(screen.getAllByRole('button', { name: 'Pagar' })).toHaveLength(1);
    await user.click(pay);
    const dialog = await screen.findByRole('dialog', { name: 'Pagar com PIX' });
    expect(
      await within(dialog).findByRole('img', { name: 'QR Code PIX desta fatura' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('PIX copia e cola')).toHaveValue(
      '00020126580014br.gov.bcb.pix6304ABCD',
    );
    expect(within(dialog).getByText('R$ 149,90')).toBeInTheDocument();
    // Paying is not opening the row's details.
    expect(screen.queryByRole('dialog', { name: DETAILS_TITLE })).not.toBeInTheDocument();
  });

  it('tells the person paying when the confirmation arrives, and the row shows it paid (issue 20)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => void vi.useRealTimers());
    const payable = FATURAS.find((fatura) => fatura.situacao === 8) as FaturaDto;
    let confirmed = false;
    stubFetch({
      [`GET ${PIX_PATH}`]: () => envelopeResponse({ faturas: confirmed ? [] : [payable.id] }),
      [`GET ${LIST_PATH}`]: () =>
        envelopeResponse(
          lista(
            FATURAS.map((row) =>
              row.id === payable.id && confirmed ? { ...row, situacao: 6 } : row,
            ),
          ),
        ),
      [`GET ${LIST_PATH}/${payable.id}/pix`]: () => pixPayment(payable.id),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Pagar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pagar com PIX' });
    await within(dialog).findByRole('img', { name: 'QR Code PIX desta fatura' });
    // The PSP confirms the payment; the open modal learns it at its next look.
    confirmed = true;
    await act(() => vi.advanceTimersByTimeAsync(PIX_PAID_POLL_MS));
    expect(
      await within(dialog).findByText(
        'Pagamento confirmado. Obrigado! A fatura já aparece como paga.',
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).queryByRole('img', { name: 'QR Code PIX desta fatura' }),
    ).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('button', { name: 'Pagar' })).not.toBeInTheDocument();
  });

  it('keeps the PIX modal and says nothing when a look for the payment fails (the server away)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => void vi.useRealTimers());
    dismissAllNotices();
    const payable = FATURAS.find((fatura) => fatura.situacao === 8) as FaturaDto;
    let away = false;
    stubFetch({
      [`GET ${PIX_PATH}`]: () =>
        away
          ? envelopeResponse(null, {
              httpStatus: 503,
              message: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
            })
          : envelopeResponse({ faturas: [payable.id] }),
      [`GET ${LIST_PATH}`]: () => envelopeResponse(lista(FATURAS)),
      [`GET ${LIST_PATH}/${payable.id}/pix`]: () => pixPayment(payable.id),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Pagar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pagar com PIX' });
    await within(dialog).findByRole('img', { name: 'QR Code PIX desta fatura' });
    away = true;
    await act(() => vi.advanceTimersByTimeAsync(PIX_PAID_POLL_MS * 3));
    expect(getNotices()).toEqual([]);
    expect(
      within(dialog).getByRole('img', { name: 'QR Code PIX desta fatura' }),
    ).toBeInTheDocument();
  });

  it('says so when the client has no invoices', async () => {
    stubFetch(withPix({ [`GET ${LIST_PATH}`]: () => envelopeResponse(lista([])) }));
    renderPage();
    expect(await screen.findByText(EMPTY_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Todas 0$/ })).toBeInTheDocument();
  });

  it('says the link is not valid when the server does not know the token', async () => {
    stubFetch(
      withPix({
        [`GET ${LIST_PATH}`]: () =>
          envelopeResponse(null, { httpStatus: 404, message: 'Recurso não encontrado.' }),
      }),
    );
    renderPage();
    expect(await screen.findByText(NOT_FOUND_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Faturas' })).toBeInTheDocument();
  });

  it('does not even ask the server about a token that cannot be one', async () => {
    const { calls } = stubFetch(withPix({}));
    renderPage('/cliente/abc/fatura');
    expect(await screen.findByText(NOT_FOUND_TEXT)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
