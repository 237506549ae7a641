import { describe, expect, it } from 'vitest';
import { passwordResetMail } from './mails.ts';

describe('recovery e-mails', () => {
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
});
