import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { InvoiceIssuedPage } from './invoice-issued-page';
import { CLOSE_HINT, ISSUED_TEXT } from '../texts';

function renderPage() {
  const router = createMemoryRouter(
    [{ path: '/fatura/faturaEmitida/:token', Component: InvoiceIssuedPage }],
    {
      initialEntries: ['/fatura/faturaEmitida/qualquer-token'],
    },
  );
  render(<RouterProvider router={router} />);
}

describe("'Fatura autorizada!' (§2 fatura.emitidaAviso)", () => {
  it('tells the invoice will be issued and e-mailed, and links to the login of product 1', async () => {
    const { calls } = { calls: vi.mocked(fetch).mock.calls };
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Fatura autorizada!' }),
    ).toBeInTheDocument();
    expect(screen.getByText(ISSUED_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para o login' })).toHaveAttribute(
      'href',
      '/login/1',
    );
    // The token authorises nothing here: no call is made (docs/decisions/012).
    expect(calls).toHaveLength(0);
  });

  it('closes the window on OK, and says it may be closed when the browser refuses', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    renderPage();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    expect(close).toHaveBeenCalledOnce();
    act(() => {
      vi.advanceTimersByTime(400);
    });
    expect(screen.getByRole('status')).toHaveTextContent(CLOSE_HINT);
  });
});
