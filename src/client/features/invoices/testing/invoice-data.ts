import type { FaturaDetalheDto, FaturaDto, FaturaListDto, NfseDto } from '#shared/schemas/invoices';

export const TOKEN = 'tok_'.padEnd(43, 'x');

let nextId = 100;

export function nfse(overrides: Partial<NfseDto> = {}): NfseDto {
  return {
    nf_numero: '2001',
    datahora_emissao: '2026-03-09T19:30:00.000Z',
    chave_acesso: null,
    has_pdf: true,
    pdf_url_download: `/api/pg_fatura/cliente/${TOKEN}/1/nfse.pdf`,
    has_url_visualizar: true,
    url_visualizar: 'https://nfse.prefeitura.example/notas/2001',
    ...overrides,
  };
}

const DESCRICOES: Record<number, [string, string]> = {
  5: ['situacao-fechada', 'Fechada/Emitida'],
  6: ['situacao-paga', 'Paga'],
  8: ['situacao-vencida', 'Vencida'],
};

export function invoiceDto(overrides: Partial<FaturaDto> = {}): FaturaDto {
  const situacao = overrides.situacao ?? 6;
  const [iconClass, desc] = DESCRICOES[situacao] ?? ['situacao-outra', `Situação ${situacao}`];
  return {
    id: nextId++,
    situacao,
    situacao_icon_class: iconClass,
    situacao_desc: desc,
    data_vencimento_calculado: '2026-03-10',
    datahora_confirmado_calculado: situacao === 6 ? '2026-03-09T17:30:00.000Z' : null,
    valor: '149.90',
    servico_discriminacao_calculado: 'Licenciamento de software.',
    nfse: situacao === 6 ? nfse() : null,
    valor_atualizado: null,
    boleto: false,
    ...overrides,
  };
}

export function detalhe(
  base: FaturaDto,
  overrides: Partial<FaturaDetalheDto> = {},
): FaturaDetalheDto {
  return {
    ...base,
    itens: [
      {
        id: 1,
        codigo: '1.05',
        descricao: 'Licenciamento de software',
        unidade: 'UN',
        qtde: '1',
        valor: '119.90',
      },
      {
        id: 2,
        codigo: '1.07',
        descricao: 'Suporte técnico avulso',
        unidade: 'H',
        qtde: '1.5',
        valor: '30.00',
      },
      {
        id: 3,
        codigo: null,
        descricao: 'Usuário adicional (cortesia)',
        unidade: null,
        qtde: '0',
        valor: null,
      },
    ],
    ...overrides,
  };
}

export function lista(faturas: FaturaDto[]): FaturaListDto {
  return {
    faturaList: faturas,
    cliente: { razao_social: 'Empresa Demonstração Ltda', cpfcnpj: '11222333000181' },
  };
}
