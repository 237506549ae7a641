import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LEGAL_DOCUMENTS } from '#shared/legal';
import {
  anonymousSessionResponse,
  setCsrfCookie,
  setMeta,
  stubFetch,
} from '#client/testing/fetch-stub';
import { renderApp, resetAppState } from '#client/testing/render-app';
import { versionLabel } from './legal-page';

beforeEach(() => {
  setCsrfCookie('csrf');
  stubFetch({ 'GET /api/sessao/web': anonymousSessionResponse });
});

afterEach(() => {
  resetAppState();
  setCsrfCookie(null);
});

/** The article of the page (the layout's navigation and footer left out). */
const article = () => screen.getByRole('article');

describe('legal documents (docs/decisions/017-sign-up.md)', () => {
  it('shows the version as dd/mm/aaaa', () => {
    const [year, month, day] = LEGAL_DOCUMENTS.termos_uso.versao.split('-');
    expect(versionLabel('termos_uso')).toBe(`Versão ${day}/${month}/${year}`);
  });

  it('Termos de Uso: title, version, the provider’s name and the way to the privacy policy', async () => {
    setMeta('provider-name', 'Nuvem Sistemas');
    renderApp('/termos-de-uso');
    expect(await screen.findByRole('heading', { level: 1, name: 'Termos de Uso' })).toBeVisible();
    expect(screen.getByText(versionLabel('termos_uso'))).toBeVisible();
    expect(article()).toHaveTextContent(/Nuvem Sistemas oferece software por assinatura/);
    for (const section of [
      '2. Conta e acesso',
      '3. Planos, assinatura e pagamento',
      '4. Faturas e notas fiscais',
      '5. Uso aceitável',
      '7. Suspensão e cancelamento',
      '8. Limitação de responsabilidade',
      '10. Alterações destes Termos',
      '11. Lei aplicável e foro',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: section })).toBeVisible();
    }
    expect(screen.getAllByRole('link', { name: 'Política de Privacidade' })[0]).toHaveAttribute(
      'href',
      '/politica-de-privacidade',
    );
    // No contact e-mail configured: the support channels.
    expect(article()).toHaveTextContent(/avise-nos pelos canais de atendimento/);
  });

  it('Política de Privacidade: LGPD, the rights of art. 18 and the contact e-mail when set', async () => {
    setMeta('contact-email', 'privacidade@exemplo.com.br');
    renderApp('/politica-de-privacidade');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Política de Privacidade' }),
    ).toBeVisible();
    expect(screen.getByText(versionLabel('politica_privacidade'))).toBeVisible();
    expect(article()).toHaveTextContent(/Lei 13\.709\/2018/);
    expect(screen.getByRole('heading', { level: 2, name: '8. Os seus direitos' })).toBeVisible();
    expect(article()).toHaveTextContent(/art\. 18 da LGPD/);
    expect(article()).toHaveTextContent(/argon2/);
    expect(screen.getAllByRole('link', { name: 'privacidade@exemplo.com.br' })[0]).toHaveAttribute(
      'href',
      'mailto:privacidade@exemplo.com.br',
    );
    expect(article()).not.toHaveTextContent(/lorem|ipsum|TODO|\{|\}/i);
  });
});
