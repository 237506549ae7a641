import { describe, expect, it } from 'vitest';
import { passwordChangedMail } from './mails.ts';

describe('security e-mails', () => {
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
