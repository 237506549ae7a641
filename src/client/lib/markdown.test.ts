import { describe, expect, it } from 'vitest';
import { markdownToHtml } from './markdown';

describe('markdownToHtml (a plan’s details, §2)', () => {
  it('renders CommonMark: emphasis, lists, links', () => {
    expect(
      markdownToHtml(
        '**Suporte** por e-mail\n\n- 5 usuários\n- [Contrato](https://exemplo.com.br/c)',
      ),
    ).toBe(
      '<p><strong>Suporte</strong> por e-mail</p>\n<ul>\n<li>5 usuários</li>\n<li><a href="https://exemplo.com.br/c">Contrato</a></li>\n</ul>',
    );
  });

  it('shows raw HTML as text and drops dangerous link addresses', () => {
    const html = markdownToHtml(
      '<img src=x onerror="alert(1)"> [clique](javascript:alert(1)) ![x](data:text/html,oi)',
    );
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('data:text/html');
  });
});
