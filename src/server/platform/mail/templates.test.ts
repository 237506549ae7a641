import { describe, expect, it } from 'vitest';
import { passwordChangedMail, passwordResetMail, temporaryPasswordMail } from './templates.ts';

const hostile = '<script>alert("x")</script> & \'Cia\'';

describe('e-mail templates', () => {
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

  it('write the reset link with its validity', () => {
    const mail = passwordResetMail({
      providerName: 'Exemplo Sistemas',
      nome: 'Ana <b>',
      resetUrl: 'https://portal.exemplo.com.br/redefinir/abc?x=1&y=2',
      validadeMinutos: 60,
    });
    expect(mail.subject).toBe('Redefinição de senha - Exemplo Sistemas');
    expect(mail.html).toContain('Olá, Ana &lt;b&gt;.');
    expect(mail.html).toContain('href="https://portal.exemplo.com.br/redefinir/abc?x=1&amp;y=2"');
    expect(mail.text).toContain('Redefinir senha: https://portal.exemplo.com.br/redefinir/abc?x=1&y=2');
    expect(mail.text).toContain('O link vale por 60 minutos');
  });

  it('write the password-changed notice with the time in Brasília', () => {
    const mail = passwordChangedMail({
      providerName: 'Exemplo & Filhos',
      nome: 'Ana',
      quando: new Date('2026-11-22T15:30:00Z'),
    });
    expect(mail.subject).toBe('Sua senha foi alterada - Exemplo & Filhos');
    expect(mail.html).toContain('Exemplo &amp; Filhos');
    expect(mail.text).toContain('foi alterada em 22/11/2026 12:30 (horário de Brasília)');
  });
});
