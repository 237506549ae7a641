import { NavLink, Route, Routes } from 'react-router';
import { STAFF_LEVEL } from '#shared/schemas/admin';
import { MESSAGES } from '#shared/messages';
import { Page } from '#client/components/page';
import { useSession } from '#client/lib/session';
import { adminPath } from '../admin-paths';
import { AplicativoEdit } from './application-screens';
import { AuditoriaList } from './audit-screens';
import { BillingPage } from './billing-screens';
import { BankCollectionPage } from './bank-collection-screens';
import { CancellationsPage } from './cancellation-screens';
import { PaymentAccountEdit, PaymentAccountList, PlanEdit, PlanList, PlanPaymentEdit, ProductEdit, ProductList } from './catalogue-screens';
import { ClientEdit, ClientList, ClientUserEdit } from './client-screens';
import { ContractEventList, InvoiceEdit, InvoiceItemEdit, InvoiceList, NfseEdit, PixRecebimentoList } from './invoice-screens';
import { CityEdit, CityList, UserEdit, UserList } from './people-screens';
import { DocumentoVersaoEdit, DocumentoVersaoList, PrivacyRequestList } from './privacy-screens';
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
        <Route path="produtos" element={<ProductList />} />
        <Route path="produtos/:id" element={<ProductEdit />} />
        <Route path="produtos/:parentId/aplicativos/:id" element={<AplicativoEdit />} />
        <Route path="planos" element={<PlanList />} />
        <Route path="planos/:id" element={<PlanEdit />} />
        <Route path="planos/:parentId/pagamentos/:id" element={<PlanPaymentEdit />} />
        <Route path="contas" element={<PaymentAccountList />} />
        <Route path="contas/:id" element={<PaymentAccountEdit />} />
        <Route path="clientes" element={<ClientList />} />
        <Route path="clientes/:id" element={<ClientEdit />} />
        <Route path="clientes/:parentId/usuarios/:id" element={<ClientUserEdit />} />
        <Route path="usuarios" element={<UserList />} />
        <Route path="usuarios/:id" element={<UserEdit />} />
        <Route path="faturas" element={<InvoiceList />} />
        <Route path="faturas/:id" element={<InvoiceEdit />} />
        <Route path="faturas/:parentId/itens/:id" element={<InvoiceItemEdit />} />
        <Route path="faturas/:parentId/nfse/:id" element={<NfseEdit />} />
        <Route path="faturamento" element={<BillingPage />} />
        <Route path="recebimentos-pix" element={<PixRecebimentoList />} />
        <Route path="cobranca-bancaria" element={<BankCollectionPage />} />
        <Route path="cancelamentos" element={<CancellationsPage />} />
        <Route path="cidades" element={<CityList />} />
        <Route path="cidades/:id" element={<CityEdit />} />
        <Route path="mudancas-plano" element={<ContractEventList />} />
        <Route path="privacidade" element={<PrivacyRequestList />} />
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
