import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLOSE_HINT, ISSUED_TEXT } from '../texts';
import { anonymousSessionResponse, envelopeResponse, setCsrfCookie, stubFetch } from '#client/testing/fetch-stub';
import { renderApp, resetAppState } from '#client/testing/render-app';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';

function serve(approved: boolean) {
  return stubFetch({
    'GET /api/sessao/web': () => anonymousSessionResponse(),
    [`POST /api/pg_fatura/aprovar/${TOKEN}`]: () =>
      approved
        ? envelopeResponse(null, { message: 'Fatura autorizada!' })
        : envelopeResponse(null, { httpStatus: 404, message: 'Este link de aprovação já foi usado ou não existe.' }),
  });
}

beforeEach(() => setCsrfCookie('csrf'));
afterEach(() => {
  resetAppState();
  setCsrfCookie(null);
});

describe("'Fatura autorizada!' (§2 fatura.emitidaAviso, decision 102)", () => {
  it('approves the held invoice once, then tells it will be issued and e-mailed, and links to the login of product 1', async () => {
    const stub = serve(true);
    renderApp(`/fatura/faturaEmitida/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Fatura autorizada!' })).toBeInTheDocument();
    expect(screen.getByText(ISSUED_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para o login' })).toHaveAttribute('href', '/login/1');
    expect(stub.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('says a used or unknown link is so, and authorises nothing', async () => {
    serve(false);
    renderApp(`/fatura/faturaEmitida/${TOKEN}`);
    expect(await screen.findByText(/Este link de aprovação já foi usado ou não existe/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Fatura autorizada!' })).not.toBeInTheDocument();
  });

  it('closes the window on OK, and says it may be closed when the browser refuses', async () => {
    serve(true);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    const { user } = renderApp(`/fatura/faturaEmitida/${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    expect(close).toHaveBeenCalledOnce();
    act(() => {
      vi.advanceTimersByTime(400);
    });
    expect(screen.getByRole('status')).toHaveTextContent(CLOSE_HINT);
    vi.useRealTimers();
  });
});
