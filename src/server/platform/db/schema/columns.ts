/**
 * The column helpers every schema file builds its tables with (the layout: ../schema.ts).
 *
 * Storage conventions:
 * - money is numeric(12,2) read as a string ('149.90'), never a float;
 * - instants are timestamptz (UTC, read as Date); calendar days are date (read as 'YYYY-MM-DD');
 * - documents, phones and CEPs are stored normalised, without mask: digits only, except the
 *   alphanumeric CNPJ (12 digits/upper-case letters + 2 check digits);
 * - secrets are never stored: tokens are kept as a SHA-256 hex hash (`token_hash`), recovery
 *   keys as an HMAC under a server key (`chave_hash`), passwords as argon2id (`senha_hash`).
 * - business ids are integer identities "by default": an explicit id may be inserted (products
 *   1 and 2 of the demo), after which the identity sequence must be moved past it
 *   (see `syncIdentitySequence` in demo-seed.ts).
 */
import type { ExtraConfigColumn } from 'drizzle-orm/pg-core';
import { date, index, integer, numeric, timestamp } from 'drizzle-orm/pg-core';

/**
 * GIN trigram indexes (pg_trgm) on text columns, one each, named `<table>_<column>_trgm_idx`:
 * they serve ILIKE '%q%' (the staff's searches), which no b-tree can (issue 37).
 */
export function trigramIndexes(table: string, columns: ExtraConfigColumn[]) {
  return columns.map((column) => index(`${table}_${column.name}_trgm_idx`).using('gin', column.op('gin_trgm_ops')));
}

/** An instant: timestamp with time zone, read as a Date. */
export const instante = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A calendar day, read as 'YYYY-MM-DD'. */
export const dia = (name: string) => date(name, { mode: 'string' });

/** Money: numeric(12,2), read as a string such as '149.90'. */
export const dinheiro = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'string' });

/** datahora_criado / datahora_modificado; the latter is refreshed by every drizzle update. */
export function datasAuditoria() {
  return {
    datahora_criado: instante('datahora_criado').notNull().defaultNow(),
    datahora_modificado: instante('datahora_modificado')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  };
}

/** The audit block with an integer identity id (business entities). */
export function auditoria() {
  return {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ...datasAuditoria(),
  };
}
