/**
 * The demo's NFS-e files: a one-page DANFSe-like PDF and a small XML in the spirit of
 * the national layout. Both say they are a demonstration without fiscal value. Real notes come
 * from the city hall or the national system; nothing outside the demo seed uses this.
 */
import { formatCpfCnpj } from '#shared/cpf-cnpj';
import { formatDate, formatDateTime, formatMoney, formatQuantity } from '#shared/format';
import { renderPdf, type PdfPage } from '../../platform/pdf/document.ts';

export interface DemoParte {
  razao_social: string;
  cpfcnpj: string;
  endereco: string;
}

export interface DemoNfse {
  numero: string;
  emissao: Date;
  /** 'YYYY-MM-DD', first day of the month the service refers to. */
  competencia: string;
  chave: string | null;
  prestador: DemoParte;
  tomador: DemoParte;
  discriminacao: string;
  itens: { codigo: string; descricao: string; unidade: string; qtde: string; valor: string }[];
  total: string;
}

function parte(page: PdfPage, titulo: string, dados: DemoParte) {
  page.section(titulo);
  page.text(dados.razao_social, { bold: true });
  page.text(`CPF/CNPJ: ${formatCpfCnpj(dados.cpfcnpj)}`);
  page.text(dados.endereco);
}

/** The demo's DANFSe, drawn by the same code as the invoice (pdf/document.ts). */
export function renderDanfsePdf(nota: DemoNfse): Promise<Buffer> {
  return renderPdf(
    { title: `NFS-e ${nota.numero}`, author: nota.prestador.razao_social, createdAt: nota.emissao },
    (page) => {
      page.text('DANFSe – Documento Auxiliar da NFS-e', { size: 16, bold: true });
      page.text('Demonstração: documento sem valor fiscal.', { size: 9, grey: true });
      page.gap(4);
      page.fields([
        ['Número da NFS-e', nota.numero],
        ['Emissão', formatDateTime(nota.emissao)],
        ['Competência', formatDate(nota.competencia).slice(3)],
      ]);
      if (nota.chave) page.text(`Chave de acesso: ${nota.chave}`, { size: 9, mono: true });

      parte(page, 'Prestador do serviço', nota.prestador);
      parte(page, 'Tomador do serviço', nota.tomador);

      page.section('Discriminação dos serviços');
      page.text(nota.discriminacao);

      page.section('Itens');
      page.table(
        [
          { title: 'Código', width: 12 },
          { title: 'Descrição', width: 52 },
          { title: 'Unid.', width: 10 },
          { title: 'Qtde.', width: 10, align: 'right' },
          { title: 'Valor', width: 16, align: 'right' },
        ],
        nota.itens.map((item) => [item.codigo, item.descricao, item.unidade, formatQuantity(item.qtde), formatMoney(item.valor)]),
        { reserve: 60, overflow: (left) => `… e mais ${left} itens.` },
      );
      page.gap(4);
      page.text(`Valor total: ${formatMoney(nota.total)}`, { size: 12, bold: true });

      if (nota.chave) {
        page.gap(10);
        page.text('Consulte a autenticidade pela chave de acesso no portal nacional da NFS-e: https://www.nfse.gov.br/ConsultaPublica', { size: 8 });
      }
    },
  );
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (value: string) => value.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);

export function renderNfseXml(nota: DemoNfse): Buffer {
  const id = nota.chave ? ` Id="NFS${nota.chave}"` : '';
  const itens = nota.itens
    .map(
      (item) =>
        `      <item><codigo>${xml(item.codigo)}</codigo><descricao>${xml(item.descricao)}</descricao>` +
        `<unidade>${xml(item.unidade)}</unidade><qtde>${xml(item.qtde)}</qtde><valor>${xml(item.valor)}</valor></item>`,
    )
    .join('\n');
  const text = `<?xml version="1.0" encoding="UTF-8"?>
<!-- Demonstração: documento sem valor fiscal. -->
<NFSe xmlns="http://www.sped.fazenda.gov.br/nfse" versao="1.00">
  <infNFSe${id}>
    <nNFSe>${xml(nota.numero)}</nNFSe>
    <dhProc>${nota.emissao.toISOString()}</dhProc>
    <dCompet>${xml(nota.competencia)}</dCompet>
    <emit><CNPJ>${xml(nota.prestador.cpfcnpj)}</CNPJ><xNome>${xml(nota.prestador.razao_social)}</xNome></emit>
    <toma><CNPJ>${xml(nota.tomador.cpfcnpj)}</CNPJ><xNome>${xml(nota.tomador.razao_social)}</xNome></toma>
    <serv><xDescServ>${xml(nota.discriminacao)}</xDescServ>
    <itens>
${itens}
    </itens></serv>
    <valores><vServ>${xml(nota.total)}</vServ></valores>
  </infNFSe>
</NFSe>
`;
  return Buffer.from(text, 'utf8');
}
