import { describe, expect, it } from 'vitest';
import { readPdf } from '#tests/helpers/pdf-text.ts';
import { renderDanfsePdf, type DemoNfse } from './demo-nfse.ts';

const PARTE = { razao_social: 'Empresa Demonstração Ltda', cpfcnpj: '11222333000181', endereco: 'Rua da Bahia, 1148\nCentro, Belo Horizonte - MG' };

const NOTA: DemoNfse = {
  numero: '2026000123',
  emissao: new Date('2026-11-05T13:00:00Z'),
  competencia: '2026-11-01',
  chave: null,
  prestador: PARTE,
  tomador: { ...PARTE, razao_social: 'Açaí & Pão de Queijo Ltda — Filial Œste' },
  discriminacao: 'Assinatura do plano Profissional\r\nPeríodo de 01/11/2026 a 30/11/2026',
  itens: [{ codigo: '1.05', descricao: 'Licenciamento de software', unidade: 'UN', qtde: '1', valor: '199.90' }],
  total: '199.90',
};

describe('the demo NFS-e PDF', () => {
  it("prints a line break of the service text or an address as a new line, never as '?'", async () => {
    const { lines, pages, title } = await readPdf(await renderDanfsePdf(NOTA));
    expect(pages).toBe(1);
    expect(title).toBe('NFS-e 2026000123');
    expect(lines).toContain('Assinatura do plano Profissional');
    expect(lines).toContain('Período de 01/11/2026 a 30/11/2026');
    expect(lines).toContain('Rua da Bahia, 1148');
    expect(lines).toContain('Centro, Belo Horizonte - MG');
    expect(lines.filter((line) => line.includes('?'))).toEqual([]);
  });

  it('prints characters outside WinAnsi as themselves (the fonts are embedded, issue 39)', async () => {
    const { lines } = await readPdf(await renderDanfsePdf(NOTA));
    // 'Œ' and '—' exist in WinAnsi, the old font's encoding, but the demo printed '?' for others;
    // DejaVu Sans has them all.
    expect(lines).toContain('Açaí & Pão de Queijo Ltda — Filial Œste');
  });
});
