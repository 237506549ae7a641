/**
 * The documents a person accepts when creating an account (§2 Create account: "consent checkbox
 * linking to terms of use and privacy policy"). The client shows the text of the current version;
 * the server records, with the time, which version was accepted (gl_usuario_termo_aceite).
 * Changing a text means a new version here (docs/decisions/017-sign-up.md).
 */
export const LEGAL_DOCUMENTS = {
  termos_uso: { titulo: 'Termos de Uso', versao: '2026-11-23' },
  politica_privacidade: { titulo: 'Política de Privacidade', versao: '2026-11-23' },
} as const;

export type LegalDocument = keyof typeof LEGAL_DOCUMENTS;

export const LEGAL_DOCUMENT_KEYS = Object.keys(LEGAL_DOCUMENTS) as LegalDocument[];
