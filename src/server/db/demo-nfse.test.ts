import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gerarDanfsePdf, type DemoNota } from './demo-nfse.ts';

const PARTE = { razao_social: 'Empresa Demonstração Ltda', cpfcnpj: '11222333000181', endereco: 'Rua da Bahia, 1148\nCentro, Belo Horizonte - MG' };

const NOTA: DemoNota = {
  numero: '2026000123',
  emissao: new Date('2026-11-05T13:00:00Z'),
  competencia: '2026-11-01',
  chave: null,
  prestador: PARTE,
  tomador: PARTE,
  discriminacao: 'Assinatura do plano Profissional\r\nPeríodo de 01/11/2026 a 30/11/2026',
  itens: [{ codigo: '1.05', descricao: 'Licenciamento de software', unidade: 'UN', qtde: '1', valor: '199.90' }],
  total: '199.90',
};

/** The text lines a PDF draws: each content stream inflated, each `<hex> Tj` decoded (WinAnsi). */
function drawnLines(pdf: Buffer): string[] {
  const lines: string[] = [];
  const raw = pdf.toString('latin1');
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      content = match[1] ?? '';
    }
    for (const text of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) lines.push(Buffer.from(text[1] ?? '', 'hex').toString('latin1'));
  }
  return lines;
}

describe('the demo NFS-e PDF', () => {
  it("prints a line break of the service text or an address as a new line, never as '?'", async () => {
    const lines = drawnLines(await gerarDanfsePdf(NOTA));
    expect(lines).toContain('Assinatura do plano Profissional');
    expect(lines).toContain('Período de 01/11/2026 a 30/11/2026');
    expect(lines).toContain('Rua da Bahia, 1148');
    expect(lines).toContain('Centro, Belo Horizonte - MG');
    expect(lines.filter((line) => line.includes('?'))).toEqual([]);
  });
});
