/**
 * The generic CRUD contract (§7 "Generic list", "Load entity", "Save", "Delete"; §3
 * "Pagination", "Audit block", "Generic entity"): what every back-office resource answers.
 */
import { z } from 'zod';
import { ID_MAX } from './auth.ts';
import { searchText } from '../fields.ts';

/** Rows per list page unless the caller asks for another size (at most PER_PAGE_MAX). */
export const PER_PAGE_DEFAULT = 15;
export const PER_PAGE_MAX = 100;
/** Totals up to this many rows are counted; above it, estimated (issue 37, decision 106). */
export const EXACT_TOTAL_MAX = 10_000;
/** A search's matches are counted up to this many; a broad one is estimated past it (decision 106). */
export const SEARCH_EXACT_TOTAL_MAX = 500;
const SEARCH_MAX = 100;
const CURSOR_MAX = 2000;

/**
 * §7: page and searchText (or q, as the portal's own lists send it); extra filters are each
 * resource's own. Unknown parameters are ignored.
 */
export const ListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
  per_page: z.coerce.number().int().min(1).max(PER_PAGE_MAX).optional().default(PER_PAGE_DEFAULT),
  searchText: searchText(SEARCH_MAX).optional(),
  q: searchText(SEARCH_MAX).optional(),
  /** A page's cursor_fim / cursor_inicio: the pages after / before it are sought by key (issue 37). */
  apos: z.string().max(CURSOR_MAX).optional(),
  antes: z.string().max(CURSOR_MAX).optional(),
});
export type ListQuery = z.input<typeof ListQuerySchema>;

/** §3 Pagination, the plain shape (links as first_page_url etc.). */
export interface Pagination<T> {
  current_page: number;
  data: T[];
  from: number | null;
  last_page: number;
  path: string;
  per_page: number;
  to: number | null;
  total: number;
  first_page_url: string;
  last_page_url: string;
  prev_page_url: string | null;
  next_page_url: string | null;
  /**
   * Beside §3 (issue 37, decision 106): the total is the planner's estimate, above
   * `total_contado_ate` rows (EXACT_TOTAL_MAX, or SEARCH_EXACT_TOTAL_MAX for a search); and the
   * page's first and last keys, to seek the pages around it.
   */
  total_estimado?: boolean;
  total_contado_ate?: number;
  cursor_inicio?: string | null;
  cursor_fim?: string | null;
}

/** §3 Audit block, shown read-only on every edit page. */
export interface AuditBlock {
  id: number;
  datahora_criado: string;
  datahora_modificado: string;
}

/** §7 Load entity: data.entity. */
export interface EntityResponse<T> {
  entity: T;
}

/** Path parameter {id}: a positive integer. */
export const IdParamSchema = z.object({ id: z.coerce.number().int().min(1).max(ID_MAX) });

/** A plan change's proof file: GET admin/gl_contrato_evento/{id}/comprovantes/{arquivoId}. */
export const PlanChangeProofParamsSchema = IdParamSchema.extend({
  arquivoId: z.coerce.number().int().min(1).max(ID_MAX),
});

/** A parent's id given as a filter (child lists, §2 parentEntityId). */
export const optionalId = () => z.coerce.number().int().min(1).max(ID_MAX).optional();

export const CRUD_MESSAGES = {
  created: 'Registro criado.',
  updated: 'Registro salvo.',
  deleted: 'Registro excluído.',
  notFound: 'Registro não encontrado.',
  inUse: 'Não é possível excluir: este registro está em uso por outros cadastros.',
  duplicate: 'Já existe um registro com estes dados.',
  badReference: 'O registro escolhido não existe mais.',
} as const;
