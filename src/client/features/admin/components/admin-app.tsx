import { NavLink, Route, Routes } from 'react-router';
import { STAFF_LEVEL } from '#shared/schemas/admin';
import { MESSAGES } from '#shared/messages';
import { Page } from '../../../components/page';
import { useSession } from '../../../lib/session';
import { adminPath } from '../admin-paths';
import { AplicativoEdit } from './application-screens';
import { AuditoriaList } from './audit-screens';
import { FaturamentoPage } from './billing-screens';
import { CobrancaBancariaPage } from './bank-collection-screens';
import { CancelamentosPage } from './cancellation-screens';
import { ContaEdit, ContaList, PlanoEdit, PlanoList, PlanoPagamentoEdit, ProdutoEdit, ProdutoList } from './catalogue-screens';
import { ClienteEdit, ClienteList, ClienteUsuarioEdit } from './client-screens';
import { ContratoEventoList, FaturaEdit, FaturaItemEdit, FaturaList, NfseEdit, PixRecebimentoList } from './invoice-screens';
import { CidadeEdit, CidadeList, UsuarioEdit, UsuarioList } from './people-screens';
import { DocumentoVersaoEdit, DocumentoVersaoList, PrivacidadePedidoList } from './privacy-screens';
import { ADMIN_TEXTS, BANK_COLLECTION_TEXTS, CANCELLATIONS_TEXTS } from '../texts';

interface Section {
  path: string;
  title: string;
  /** The weakest staff level that sees it (lower is stronger, §6; decision 030); operators by default. */
  nivel?: number;
}

const SECTIONS: readonly Section[] = [
  { path: 'produtos', title: ADMIN_TEXTS.produtos },
  { path: 'planos', title: ADMIN_TEXTS.planos },
  { path: 'contas', title: ADMIN_TEXTS.contasDePagamento },
  { path: 'clientes', title: ADMIN_TEXTS.clientes },
  { path: 'usuarios', title: ADMIN_TEXTS.usuarios },
  { path: 'faturas', title: ADMIN_TEXTS.faturas },
  { path: 'faturamento', title: ADMIN_TEXTS.faturamento },
  { path: 'recebimentos-pix', title: ADMIN_TEXTS.recebimentosPix },
  { path: 'cobranca-bancaria', title: BANK_COLLECTION_TEXTS.title },
  { path: 'cancelamentos', title: CANCELLATIONS_TEXTS.title },
  { path: 'cidades', title: ADMIN_TEXTS.cidades },
  { path: 'mudancas-plano', title: ADMIN_TEXTS.mudancasDePlano },
  { path: 'privacidade', title: ADMIN_TEXTS.privacidade },
  { path: 'documentos-legais', title: ADMIN_TEXTS.documentosLegais },
  // Operators act, supervisors check (decision 099).
  { path: 'auditoria', title: ADMIN_TEXTS.auditoria, nivel: STAFF_LEVEL.supervisor },
];

const sectionsFor = (nivel: number) => SECTIONS.filter((section) => nivel <= (section.nivel ?? STAFF_LEVEL.operator));

function Forbidden() {
  return (
    <Page title={ADMIN_TEXTS.administracao}>
      <div className="alert alert-danger">{MESSAGES.forbidden}</div>
    </Page>
  );
}

function AdminHome({ sections }: { sections: readonly Section[] }) {
  return (
    <Page title={ADMIN_TEXTS.administracao}>
      <div className="row g-3">
        {sections.map((section) => (
          <div key={section.path} className="col-sm-6 col-lg-3">
            <NavLink className="card card-body text-decoration-none h-100" to={adminPath(section.path)}>
              {section.title}
            </NavLink>
          </div>
        ))}
      </div>
    </Page>
  );
}

/**
 * The staff area (/admin/*, decision 031): its own route table, loaded on demand with its screens.
 * Only staff (level ≤ 5, §6) see it; the API refuses everyone else anyway (decision 030).
 */
export function AdminApp() {
  const session = useSession();
  const nivel = session.usuario?.nivel ?? null;
  if (nivel === null || nivel > STAFF_LEVEL.operator) return <Forbidden />;
  const sections = sectionsFor(nivel);
  return (
    <div>
      <nav aria-label={ADMIN_TEXTS.administracao} className="mt-3">
        <ul className="nav nav-pills flex-wrap gap-1">
          {sections.map((section) => (
            <li key={section.path} className="nav-item">
              <NavLink className="nav-link py-1" to={adminPath(section.path)}>
                {section.title}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Routes>
        <Route index element={<AdminHome sections={sections} />} />
        <Route path="produtos" element={<ProdutoList />} />
        <Route path="produtos/:id" element={<ProdutoEdit />} />
        <Route path="produtos/:parentId/aplicativos/:id" element={<AplicativoEdit />} />
        <Route path="planos" element={<PlanoList />} />
        <Route path="planos/:id" element={<PlanoEdit />} />
        <Route path="planos/:parentId/pagamentos/:id" element={<PlanoPagamentoEdit />} />
        <Route path="contas" element={<ContaList />} />
        <Route path="contas/:id" element={<ContaEdit />} />
        <Route path="clientes" element={<ClienteList />} />
        <Route path="clientes/:id" element={<ClienteEdit />} />
        <Route path="clientes/:parentId/usuarios/:id" element={<ClienteUsuarioEdit />} />
        <Route path="usuarios" element={<UsuarioList />} />
        <Route path="usuarios/:id" element={<UsuarioEdit />} />
        <Route path="faturas" element={<FaturaList />} />
        <Route path="faturas/:id" element={<FaturaEdit />} />
        <Route path="faturas/:parentId/itens/:id" element={<FaturaItemEdit />} />
        <Route path="faturas/:parentId/nfse/:id" element={<NfseEdit />} />
        <Route path="faturamento" element={<FaturamentoPage />} />
        <Route path="recebimentos-pix" element={<PixRecebimentoList />} />
        <Route path="cobranca-bancaria" element={<CobrancaBancariaPage />} />
        <Route path="cancelamentos" element={<CancelamentosPage />} />
        <Route path="cidades" element={<CidadeList />} />
        <Route path="cidades/:id" element={<CidadeEdit />} />
        <Route path="mudancas-plano" element={<ContratoEventoList />} />
        <Route path="privacidade" element={<PrivacidadePedidoList />} />
        <Route path="documentos-legais" element={<DocumentoVersaoList />} />
        <Route path="documentos-legais/:id" element={<DocumentoVersaoEdit />} />
        <Route path="auditoria" element={nivel <= STAFF_LEVEL.supervisor ? <AuditoriaList /> : <Forbidden />} />
        <Route
          path="*"
          element={
            <Page title={ADMIN_TEXTS.administracao}>
              <p>{MESSAGES.notFound}</p>
            </Page>
          }
        />
      </Routes>
    </div>
  );
}
