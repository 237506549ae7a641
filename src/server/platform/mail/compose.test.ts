import { describe, expect, it } from 'vitest';
import { brasiliaTime, button, code, composeMail, details, greeting, link, paragraph, together } from './compose.ts';

const hostile = '<script>alert("x")</script> & \'Cia\'';
const escaped = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Cia&#39;';

describe('composeMail', () => {
  it('escapes every value of every block in HTML, and writes them as they are in text', () => {
    const mail = composeMail({
      providerName: `Provedor ${hostile}`,
      subject: `Assunto ${hostile}`,
      blocks: [
        greeting(hostile),
        paragraph(`Parágrafo ${hostile}`),
        details([
          { label: `Rótulo ${hostile}`, value: `Valor ${hostile}` },
          { label: 'Código', value: 'Ab<1>"2', monospace: true },
        ]),
        code(`0002<pix>&"x"`),
        button(`Botão ${hostile}`, 'https://exemplo.com.br/a?x=1&y="2"'),
        link(`Ligação ${hostile}`, 'https://exemplo.com.br/b?<x>'),
      ],
    });
    expect(mail.subject).toBe(`Assunto ${hostile}`);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain(`<title>Assunto ${escaped}</title>`);
    expect(mail.html).toContain(`<p style="margin:0 0 16px;">Olá, ${escaped}.</p>`);
    expect(mail.html).toContain(`<p style="margin:0 0 16px;">Parágrafo ${escaped}</p>`);
    expect(mail.html).toContain(`Rótulo ${escaped}</td><td style="padding:8px 16px;font-weight:bold;">Valor ${escaped}</td>`);
    expect(mail.html).toContain(`font-weight:bold;font-family:'Courier New',monospace;">Ab&lt;1&gt;&quot;2</td>`);
    expect(mail.html).toContain('font-family:monospace;word-break:break-all;">0002&lt;pix&gt;&amp;&quot;x&quot;</p>');
    expect(mail.html).toContain(`<a href="https://exemplo.com.br/a?x=1&amp;y=&quot;2&quot;" style="`);
    expect(mail.html).toContain(`>Botão ${escaped}</a>`);
    expect(mail.html).toContain(
      '<span style="word-break:break-all;">https://exemplo.com.br/a?x=1&amp;y=&quot;2&quot;</span>',
    );
    expect(mail.html).toContain(
      `Ligação ${escaped}: <a href="https://exemplo.com.br/b?&lt;x&gt;">https://exemplo.com.br/b?&lt;x&gt;</a>`,
    );
    expect(mail.html).toContain(`Esta é uma mensagem automática de Provedor ${escaped}. Não responda a este e-mail.`);
    expect(mail.text).toBe(`Olá, ${hostile}.

Parágrafo ${hostile}

Rótulo ${hostile}: Valor ${hostile}
Código: Ab<1>"2

0002<pix>&"x"

Botão ${hostile}: https://exemplo.com.br/a?x=1&y="2"

Ligação ${hostile}: https://exemplo.com.br/b?<x>

--
Mensagem automática de Provedor ${hostile}. Não responda a este e-mail.
`);
  });

  it('writes blocks kept together on consecutive lines, a button with its own text label or the bare address, and leaves out null blocks', () => {
    const mail = composeMail({
      providerName: 'Exemplo',
      subject: 'Assunto',
      blocks: [
        together(paragraph('Primeira.'), paragraph('Segunda.')),
        null,
        button('Ver faturas', 'https://exemplo.com.br/faturas', null),
        together(button('Ver sessões ativas', 'https://exemplo.com.br/s', 'Sessões ativas'), link('Alterar a senha', 'https://exemplo.com.br/p')),
      ],
    });
    expect(mail.text).toBe(`Primeira.
Segunda.

https://exemplo.com.br/faturas

Sessões ativas: https://exemplo.com.br/s
Alterar a senha: https://exemplo.com.br/p

--
Mensagem automática de Exemplo. Não responda a este e-mail.
`);
    // In HTML, blocks kept together are still paragraphs of their own; the button keeps its label.
    expect(mail.html).toContain('<p style="margin:0 0 16px;">Primeira.</p>\n<p style="margin:0 0 16px;">Segunda.</p>');
    expect(mail.html).toContain('>Ver faturas</a>');
    expect(mail.html).toContain('>Ver sessões ativas</a>');
    expect(mail.html).not.toContain('null');
  });

  it('says when, in Brasília', () => {
    expect(brasiliaTime(new Date('2026-11-22T15:30:00Z'))).toBe('22/11/2026 12:30 (horário de Brasília)');
  });
});
