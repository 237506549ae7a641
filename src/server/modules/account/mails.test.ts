import { describe, expect, it } from 'vitest';
import { temporaryPasswordMail } from './mails.ts';

const hostile = '<script>alert("x")</script> & \'Cia\'';

describe('account e-mails', () => {
  it('write the temporary password in pt-BR with the provider name, escaping every value in HTML', () => {
    const mail = temporaryPasswordMail({
      providerName: `Provedor ${hostile}`,
      nome: hostile,
      email: 'a&b@exemplo.com.br',
      senhaTemporaria: 'Ab<1>"2',
      loginUrl: 'https://portal.exemplo.com.br/login?a=1&b="2"',
    });
    expect(mail.subject).toBe(`Sua senha temporária de acesso - Provedor ${hostile}`);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Cia&#39;');
    expect(mail.html).toContain('Ab&lt;1&gt;&quot;2');
    expect(mail.html).toContain('href="https://portal.exemplo.com.br/login?a=1&amp;b=&quot;2&quot;"');
    expect(mail.html).toContain('a&amp;b@exemplo.com.br');
    // Plain text is not HTML: values go in as they are.
    expect(mail.text).toContain(`Olá, ${hostile}.`);
    expect(mail.text).toContain('Senha temporária: Ab<1>"2');
    expect(mail.text).toContain(`Provedor ${hostile}`);
  });
});
