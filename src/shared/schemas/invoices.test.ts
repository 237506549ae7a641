import { describe, expect, it } from 'vitest';
import { FATURA_SITUACOES } from './admin';
import { SITUACAO, situacaoDesc, situacaoIconClass } from './invoices';

describe('the situação of an invoice a customer can see (issue 39, item 7)', () => {
  it('has a pt-BR label and its own icon for every code staff save or the billing gives', () => {
    const codes = [...FATURA_SITUACOES.map((situacao) => situacao.id), SITUACAO.aguardandoAprovacao, SITUACAO.cancelada];
    for (const code of codes) {
      expect(situacaoDesc(code), `code ${code}`).not.toMatch(/^Situação \d+$/);
      expect(situacaoIconClass(code), `code ${code}`).not.toBe('situacao-outra');
    }
    expect(situacaoDesc(1)).toBe('Aberta');
    // A code nothing gives keeps a plain label rather than none.
    expect(situacaoDesc(7)).toBe('Situação 7');
  });
});
