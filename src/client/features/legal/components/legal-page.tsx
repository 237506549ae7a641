import type { ReactNode } from 'react';
import { formatDate } from '#shared/format';
import { LEGAL_DOCUMENTS, type LegalDocument } from '#shared/legal';
import { Page } from '#client/components/page';
import { readMeta } from '#client/lib/page-meta';

/** 'Versão 23/11/2026': the version a person accepts (src/shared/legal.ts). */
export function versionLabel(document: LegalDocument): string {
  return `Versão ${formatDate(LEGAL_DOCUMENTS[document].versao)}`;
}

/**
 * The frame of a legal document the sign-up links to (docs/decisions/017-sign-up.md): its
 * title and version, then its sections.
 */
export function LegalPage({ document, children }: { document: LegalDocument; children: ReactNode }) {
  return (
    <Page title={LEGAL_DOCUMENTS[document].titulo}>
      <p className="text-body-secondary">{versionLabel(document)}</p>
      <article>{children}</article>
    </Page>
  );
}

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mb-4">
      <h2 className="h5">{title}</h2>
      {children}
    </section>
  );
}

/** The contact e-mail of the page (CONTACT_EMAIL) as a link, or the support channels. */
export function ContactChannel() {
  const email = readMeta('contact-email');
  if (!email) return <>pelos canais de atendimento</>;
  return (
    <>
      pelo e-mail <a href={`mailto:${email}`}>{email}</a>
    </>
  );
}
