import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pathTo } from '../../../paths';
import { AccessUrlRedirectPage } from './access-url-redirect-page';

function renderAt(query: Record<string, string>) {
  const router = createMemoryRouter([{ path: '/a/redirect', Component: AccessUrlRedirectPage }], {
    initialEntries: [pathTo('accessurl_redirect', {}, query)],
  });
  render(<RouterProvider router={router} />);
}

describe('redirect page (§2)', () => {
  it('shows the title, the message and a button to the URL', async () => {
    renderAt({
      url: 'https://gestao.exemplo.com.br/inicio?x=1',
      title: 'Login realizado',
      message: 'Clique para abrir o sistema.',
      buttonLabel: 'Abrir o sistema',
    });
    expect(await screen.findByRole('heading', { name: 'Login realizado' })).toBeInTheDocument();
    expect(screen.getByText('Clique para abrir o sistema.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abrir o sistema' })).toHaveAttribute(
      'href',
      'https://gestao.exemplo.com.br/inicio?x=1',
    );
  });

  it("labels the button 'Continuar' by default and accepts a path of this site", async () => {
    renderAt({ url: '/painel' });
    const link = await screen.findByRole('link', { name: 'Continuar' });
    expect(link).toHaveAttribute('href', `${window.location.origin}/painel`);
  });

  it("without a URL shows 'URL não informada.' and no button", async () => {
    renderAt({ title: 'Redirecionando' });
    expect(await screen.findByText('URL não informada.')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it.each([
    'javascript:alert(document.cookie)',
    ' JavaScript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
  ])('refuses %j as if no URL was given', async (url) => {
    renderAt({ url, buttonLabel: 'Continuar' });
    expect(await screen.findByText('URL não informada.')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows texts from the query string as text, never as HTML', async () => {
    renderAt({ url: '/painel', message: '<img src=x onerror=alert(1)>' });
    expect(await screen.findByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
  });
});
