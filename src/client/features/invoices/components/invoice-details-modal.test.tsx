import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#client/lib/query-client';
import { envelopeResponse, setCsrfCookie, stubFetch } from '#client/testing/fetch-stub';
import { detalhe, invoiceDto, TOKEN } from '../testing/invoice-data';
import { InvoiceDetailsModal } from './invoice-details-modal';
import { DETAILS_TITLE } from '../texts';

function renderModal(base = invoiceDto()) {
  const onHide = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <InvoiceDetailsModal token={TOKEN} fatura={base} show onHide={onHide} onExited={() => {}} />
    </QueryClientProvider>,
  );
  return { onHide };
}

/** The value a <dt> labels. */
const valueOf = (dialog: HTMLElement, label: string) =>
  within(dialog).getByText(label).nextElementSibling?.textContent;

// The API client reads it at each request (§7); a page always has one.
beforeEach(() => setCsrfCookie('csrf'));
afterEach(() => setCsrfCookie(null));

describe("'Detalhes da Fatura' (§2)", () => {
  it('shows the dates, total, description and items, read-only', async () => {
    const base = invoiceDto({
      servico_discriminacao_calculado: 'Licenciamento de março.\nSuporte avulso.',
    });
    stubFetch({
      [`GET /api/pg_fatura/cliente/${TOKEN}/${base.id}`]: () => envelopeResponse(detalhe(base)),
    });
    renderModal(base);
    const dialog = await screen.findByRole('dialog', { name: DETAILS_TITLE });
    expect(valueOf(dialog, 'Vencimento')).toBe('10/03/2026');
    expect(valueOf(dialog, 'Pago em')).toBe('09/03/2026 14:30');
    // 'R$' and its number never part: a non-breaking space.
    expect(valueOf(dialog, 'Valor total')).toBe('R$\u00a0149,90');

    expect(await within(dialog).findByText(/Licenciamento de março\./)).toHaveClass('app-pre-line');
    const table = within(dialog).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Código', 'Descrição', 'Unidade', 'Qtde.', 'Valor']);
    const lines = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((td) => td.textContent),
      );
    expect(lines).toEqual([
      ['1.05', 'Licenciamento de software', 'UN', '1', 'R$\u00a0119,90'],
      ['1.07', 'Suporte técnico avulso', 'H', '1,5', 'R$\u00a030,00'],
      // Quantity 0: blank; missing code, unit and value: '-'.
      ['-', 'Usuário adicional (cortesia)', '-', '', '-'],
    ]);
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it("'Imprimir' prints the details once they are loaded (issue 20)", async () => {
    const base = invoiceDto();
    stubFetch({
      [`GET /api/pg_fatura/cliente/${TOKEN}/${base.id}`]: () => envelopeResponse(detalhe(base)),
    });
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderModal(base);
    const dialog = await screen.findByRole('dialog', { name: DETAILS_TITLE });
    const button = within(dialog).getByRole('button', { name: 'Imprimir' });
    await within(dialog).findByRole('table');
    expect(button).toBeEnabled();
    button.click();
    expect(print).toHaveBeenCalledTimes(1);
    print.mockRestore();
  });

  it("shows '-' for a missing payment date and description, and a blank negative quantity", async () => {
    const base = invoiceDto({ situacao: 5, servico_discriminacao_calculado: null });
    stubFetch({
      [`GET /api/pg_fatura/cliente/${TOKEN}/${base.id}`]: () =>
        envelopeResponse(
          detalhe(base, {
            itens: [
              {
                id: 9,
                codigo: 'X',
                descricao: 'Estorno',
                unidade: 'UN',
                qtde: '-1',
                valor: '-10.00',
              },
              {
                id: 10,
                codigo: 'Y',
                descricao: 'Sem qtde',
                unidade: 'UN',
                qtde: null,
                valor: '1.00',
              },
            ],
          }),
        ),
    });
    renderModal(base);
    const dialog = await screen.findByRole('dialog', { name: DETAILS_TITLE });
    expect(valueOf(dialog, 'Pago em')).toBe('-');
    const table = await within(dialog).findByRole('table');
    expect(within(dialog).getByText('Descrição dos Serviços').nextElementSibling?.textContent).toBe(
      '-',
    );
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[3]?.textContent);
    expect(cells).toEqual(['', '-']);
  });

  it('says so when the invoice is gone', async () => {
    const base = invoiceDto();
    stubFetch({
      [`GET /api/pg_fatura/cliente/${TOKEN}/${base.id}`]: () =>
        envelopeResponse(null, { httpStatus: 404, message: 'Recurso não encontrado.' }),
    });
    renderModal(base);
    expect(await screen.findByText('Esta fatura não está mais disponível.')).toBeInTheDocument();
  });
});
