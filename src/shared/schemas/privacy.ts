/**
 * The person's privacy self-service under the LGPD (Lei 13.709/2018, art. 18; issue 19,
 * docs/decisions/088-privacy-self-service.md): consents, the copy of their data, the deletion of
 * their account. /api/gl_usuario/me/privacidade and the calls under it.
 */
import { z } from 'zod';
import { OptionalTwofaCodeSchema } from '../fields.ts';
import type { LegalDocument } from '../legal.ts';

interface ConsentRecord {
  documento: LegalDocument;
  versao: string;
  datahora_aceite: string;
  ip: string | null;
}

export interface DocumentVersion {
  documento: LegalDocument;
  titulo: string;
  versao: string;
  resumo: string | null;
  datahora_publicado: string;
}

export type ExportState = 'pendente' | 'processando' | 'pronto' | 'baixado' | 'expirado';

export interface ExportRequest {
  id: number;
  situacao: ExportState;
  progresso: number;
  datahora_pedido: string;
  /** Until when the ready file can be downloaded. */
  datahora_expira: string | null;
}

export interface DeletionRequest {
  id: number;
  datahora_pedido: string;
  /** When the account is deleted, unless cancelled before. */
  datahora_agendado: string;
}

/** GET /api/gl_usuario/me/privacidade */
export interface PrivacyOverview {
  consentimentos: ConsentRecord[];
  versoes_atuais: DocumentVersion[];
  /** The current versions this person has not accepted: asked before the post-login routing. */
  termos_pendentes: LegalDocument[];
  /** The latest export request, if any. */
  exportacao: ExportRequest | null;
  /** The scheduled deletion, if any. */
  exclusao: DeletionRequest | null;
}

/** POST …/exclusao: the password, and the second factor when 2FA is on. */
export const DeletionRequestSchema = z.object({
  senha: z.string().max(200).optional().nullable(),
  code: OptionalTwofaCodeSchema,
});
export type DeletionRequestBody = z.input<typeof DeletionRequestSchema>;
