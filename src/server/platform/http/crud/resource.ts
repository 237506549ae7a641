import { and, asc, eq, getTableColumns, getTableName, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '#shared/envelope';
import { MESSAGES } from '#shared/messages';
import { DROPDOWN_PAGE_SIZE, DropdownQuerySchema, type DropdownPage } from '#shared/schemas/dropdown';
import { CRUD_MESSAGES, IdParamSchema, ListQuerySchema, type Pagination } from '#shared/schemas/crud';
import { recordAudit } from '../../audit/audit-trail.ts';
import { currentUserId, requireStaff } from '../../session/guards.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { isUniqueViolation, pgErrorCode } from '../../db/errors.ts';
import { AppError, conflict, fieldError, notFound } from '../../errors.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { deleteFile } from '../../storage/stored-files.ts';
import { storeUpload, type UploadKind } from '../../storage/uploads.ts';
import { planRows, readListPage, type ListQueries, type SortKey } from './list-page.ts';

/**
 * One way to expose a back-office resource (§7 "Generic list", "Load entity", "Save",
 * "Delete", "Dropdown search"; docs/decisions/031-generic-crud.md):
 *
 *   GET    {path}?page&per_page&searchText|q&filters  → §3 pagination of rows
 *   GET    {path}/dropdown?q&p                       → {lista, more}
 *   GET    {path}/{id}/edit                          → {entity}
 *   POST   {path}            JSON or multipart       → create
 *   PUT    {path}/{id}       JSON                    → update
 *   POST   {path}/{id}       multipart               → update (the multipart variant)
 *   DELETE {path}/{id}
 *
 * Every route is behind requireStaff with the resource's levels (decision 030). Writes take only
 * what the resource's schema names: anything else in the body (id, nivel, audit fields) is
 * dropped, so it cannot be mass-assigned. datahora_modificado is refreshed by the schema's
 * $onUpdate; a delete of a row still referenced is refused in pt-BR (409). Every write goes to
 * the audit trail in its own transaction (decision 099).
 */

// The table type every resource accepts: any table with an integer id column.
type CrudTable = PgTable & { id: PgColumn };
/* Resources are untyped rows on purpose: each resource's zod schemas type what comes in. */
type Row = Record<string, unknown>;
type Values = Record<string, unknown>;
type AnySchema = z.ZodType<Values, unknown>;

interface WriteContext {
  db: Queryable;
  usuarioId: number;
  /** The row before an update; null on create. */
  current: Row | null;
  /** Production refuses what development allows (e.g. an application's loopback address). */
  isProduction: boolean;
}

export interface CrudResource {
  /** Path under /api, e.g. '/admin/gl_produto'. */
  path: string;
  table: CrudTable;
  /** Strongest staff level needed (lower is stronger, §6); null turns the operation off. */
  levels: { read: number; create: number | null; update: number | null; delete: number | null };
  /** Columns of a list row and of the loaded entity; defaults to every column of the table. */
  columns?: Record<string, PgColumn | SQL.Aliased>;
  /** LEFT JOINs the columns need (e.g. the client's name on an invoice). */
  joins?: { table: PgTable; on: SQL }[];
  /** Text columns searched by searchText / q (case-insensitive, contains), a joined table's too. */
  search?: PgColumn[];
  /**
   * Instead of `search`: one column holding the searched columns lowercased (a generated column
   * with its trigram index), matched with LIKE: a half to a third of the work of an ILIKE a column (issue 37).
   */
  searchColumn?: PgColumn;
  /**
   * Beside `search`, for a search an OR across a join would keep from its indexes (issue 37):
   * the conditions for a LIKE pattern ('%q%', escaped), disjoint (a row matches at most one),
   * each on the resource's table and served by its own indexes (list-page.ts). They count and
   * find few matches; `search`, row by row, filters the list's index walked for many.
   */
  searchParts?: (pattern: string) => SQL[];
  /** Extra list filters: their query schema and the conditions they make. */
  filters?: { schema: z.ZodObject; where: (query: Record<string, unknown>) => (SQL | undefined)[] };
  /**
   * The list's order (the id is added last); keys of the table's own NOT NULL columns in one
   * direction, as an index holds them, let deep pages be sought by key (list-page.ts).
   */
  order?: SortKey[];
  create?: AnySchema;
  update?: AnySchema;
  /** Server-made values (tokens, derived fields), after validation. */
  prepare?: (values: Values, context: WriteContext) => Values | Promise<Values>;
  /** Work after a write, in the same transaction (e.g. totals of a parent). */
  afterWrite?: (row: Row, context: WriteContext & { deleted: boolean }) => Promise<void>;
  /** A unique index's refusal said on the field it is about (index name → field and message). */
  uniqueErrors?: Record<string, { field: string; message: string }>;
  /** Multipart file fields: each stored file's gl_arquivo id goes to `${field}_arquivo_id`. */
  uploads?: Record<string, { accept: readonly UploadKind[]; maxBytes: number }>;
  /** The dropdown's option text; the dropdown is offered only when given. */
  dropdown?: {
    text: SQL<string>;
    search?: PgColumn[];
    searchColumn?: PgColumn;
    alsoAt?: string;
    /** The options' order (then the id) when the text is an expression no index holds. */
    order?: PgColumn;
  };
  /** Adds extra warnings to the loaded entity (§7 "data.warnings shown as warning"). */
  warnings?: (entity: Row, db: Queryable) => Promise<string[]>;
  /**
   * How its writes go to the audit trail (decision 099; every write goes): the person a row
   * concerns, and the fields whose values, not only names, are kept (levels, links, flags; never
   * personal data or secrets).
   */
  audit?: { target?: (row: Row) => number | null; values?: readonly string[] };
}

export interface CrudOptions {
  db: Database;
  storage: FileStorage;
  isProduction: boolean;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Whether a write left a column as it was (dates, arrays and numbers compared by value). */
function sameValue(before: unknown, after: unknown): boolean {
  const plain = (value: unknown) => (value instanceof Date ? value.toISOString() : JSON.stringify(value ?? null));
  return plain(before) === plain(after);
}

/** The database's refusals of a write, in pt-BR; a named unique index on its field. */
function writeError(error: unknown, operation: 'write' | 'delete', resource?: CrudResource): unknown {
  for (const [constraint, { field, message }] of Object.entries(resource?.uniqueErrors ?? {})) {
    if (isUniqueViolation(error, constraint)) return fieldError(field, message);
  }
  const code = pgErrorCode(error);
  // 23503 foreign_key_violation; 23001 restrict_violation (ON DELETE RESTRICT).
  if (code === '23503' || code === '23001') {
    return operation === 'delete'
      ? conflict(CRUD_MESSAGES.inUse, 'in_use')
      : new AppError(422, CRUD_MESSAGES.badReference, 'bad_reference');
  }
  if (code === '23505') return conflict(CRUD_MESSAGES.duplicate, 'duplicate');
  if (code === '23514') return new AppError(422, MESSAGES.invalidType, 'check_violation');
  return error;
}

/** Fields and files of a multipart body; files are checked and stored as they stream. */
async function readMultipart(
  request: FastifyRequest,
  resource: CrudResource,
  options: CrudOptions,
): Promise<{ fields: Values; files: Values }> {
  const fields: Values = {};
  const files: Values = {};
  try {
    await readParts(request, resource, options, fields, files);
  } catch (error) {
    // A refused part leaves none of the files stored before it.
    for (const arquivoId of Object.values(files)) {
      await deleteFile(options.db, options.storage, Number(arquivoId)).catch(() => undefined);
    }
    throw error;
  }
  return { fields, files };
}

async function readParts(
  request: FastifyRequest,
  resource: CrudResource,
  options: CrudOptions,
  fields: Values,
  files: Values,
): Promise<void> {
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      fields[part.fieldname] = part.value;
      continue;
    }
    const upload = resource.uploads?.[part.fieldname];
    if (!upload) {
      part.file.resume();
      throw new AppError(422, MESSAGES.validationFailed, 'validation', {
        [part.fieldname]: ['Este campo não aceita arquivos.'],
      });
    }
    const arquivo = await storeUpload(options.db, options.storage, part, {
      accept: upload.accept,
      maxBytes: upload.maxBytes,
      usuarioId: currentUserId(request),
    });
    files[`${part.fieldname}_arquivo_id`] = arquivo.id;
  }
}

/** The condition of a LIKE pattern ('%q%', escaped) on a resource's or a dropdown's search. */
function searchCondition(searched: { search?: PgColumn[]; searchColumn?: PgColumn }, pattern: string): SQL | undefined {
  if (searched.searchColumn) return sql`${searched.searchColumn} like lower(${pattern})`;
  return searched.search?.length ? or(...searched.search.map((column) => ilike(column, pattern))) : undefined;
}

export function registerCrudResource(
  app: FastifyInstance,
  resource: CrudResource,
  options: CrudOptions,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const { levels, path } = resource;
  const guard = (level: number) => requireStaff(db, level);
  const idColumn = resource.table.id;
  const columns = resource.columns;

  const table: PgTable = resource.table;
  /** A statement with the resource's joins (its columns, and the search, may name theirs). */
  const withJoins = <Q extends { leftJoin: (table: PgTable, on: SQL) => Q }>(query: Q) => {
    let joined = query;
    for (const join of resource.joins ?? []) joined = joined.leftJoin(join.table, join.on);
    return joined;
  };
  const selectRows = (tx: Queryable) =>
    withJoins(tx.select(columns ?? getTableColumns(table)).from(table).$dynamic());

  const loadEntity = async (tx: Queryable, id: number): Promise<Row> => {
    const [row] = await selectRows(tx).where(eq(idColumn, id));
    if (!row) throw notFound(CRUD_MESSAGES.notFound);
    return row;
  };

  const listQueries: ListQueries = {
    ids: (where, order, keys, limit, offset) =>
      withJoins(db.select({ id: idColumn, ...keys }).from(table).$dynamic())
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    // Part after part, each with what is left of the limit, and no further once it is reached:
    // under a UNION ALL the planner gave up the plans that stop early (a 2 million invoice hash
    // join for a count of a thousand).
    countUpTo: async (where, parts, limit) => {
      let total = 0;
      for (const part of parts ?? [undefined]) {
        const matching = withJoins(db.select({ one: sql`1` }).from(table).$dynamic()).where(and(where, part));
        const result = (await db.execute<{ total: number }>(
          sql`select count(*)::int as total from (${matching} limit ${limit - total}) as matching`,
        )) as { rows: { total: number }[] };
        total += Number(result.rows[0]?.total ?? 0);
        if (total >= limit) break;
      }
      return total;
    },
    idsOfParts: (parts) =>
      sql.join(
        parts.map((part) => sql`${db.select({ id: idColumn }).from(table).where(part)}`),
        sql` union all `,
      ),
    estimate: async (where) => {
      const matching = withJoins(db.select({ one: sql`1` }).from(table).$dynamic()).where(where);
      const result = (await db.execute<Record<string, unknown>>(sql`explain (format json) ${matching}`)) as {
        rows: Record<string, unknown>[];
      };
      return planRows(result.rows[0]);
    },
    pivot: async (statement) => {
      const result = (await db.execute<{ value: string; before: number }>(statement)) as {
        rows: { value: string; before: number }[];
      };
      const row = result.rows[0];
      return row ? { value: row.value, before: Number(row.before) } : null;
    },
    rowsById: (ids) => selectRows(db).where(inArray(idColumn, ids)),
  };

  const listQuerySchema = resource.filters
    ? ListQuerySchema.extend(resource.filters.schema.shape)
    : ListQuerySchema;

  api.get(path, { schema: { querystring: listQuerySchema }, preValidation: guard(levels.read) }, async (request) => {
    const query = request.query as z.output<typeof ListQuerySchema> & Record<string, unknown>;
    const text = query.searchText ?? query.q ?? '';
    const pattern = `%${escapeLike(text)}%`;
    const conditions: (SQL | undefined)[] = [];
    const searchParts = text && resource.searchParts ? resource.searchParts(pattern) : undefined;
    const searchFilter = text ? searchCondition(resource, pattern) : undefined;
    // A search in parts goes to readListPage as it is: the count decides how to find its rows.
    if (!searchParts) conditions.push(searchFilter);
    conditions.push(...(resource.filters?.where(query) ?? []));
    const where = and(...conditions.filter((condition) => condition !== undefined));
    const perPage = query.per_page;
    const page = query.page;
    const found = await readListPage(resource.table, resource.order ?? [], listQueries, {
      page,
      perPage,
      where,
      searchParts,
      searchFilter,
      searching: Boolean(text),
      apos: query.apos,
      antes: query.antes,
    });
    const { rows, total, lastPage } = found;
    const url = `/api${path}`;
    const pageUrl = (n: number) => `${url}?page=${n}`;
    const pagination: Pagination<Row> = {
      current_page: page,
      data: rows,
      from: rows.length ? (page - 1) * perPage + 1 : null,
      last_page: lastPage,
      path: url,
      per_page: perPage,
      to: rows.length ? (page - 1) * perPage + rows.length : null,
      total,
      first_page_url: pageUrl(1),
      last_page_url: pageUrl(lastPage),
      prev_page_url: page > 1 ? pageUrl(page - 1) : null,
      next_page_url: page < lastPage ? pageUrl(page + 1) : null,
      total_estimado: found.estimated,
      total_contado_ate: found.countedUpTo,
      cursor_inicio: found.cursorInicio,
      cursor_fim: found.cursorFim,
    };
    return envelope(pagination);
  });

  if (resource.dropdown) {
    const { dropdown } = resource;
    const { text, alsoAt, order } = dropdown;
    const dropdownOptions = { schema: { querystring: DropdownQuerySchema }, preValidation: guard(levels.read) };
    const dropdownHandler = async (request: FastifyRequest) => {
      const { q, p } = request.query as z.output<typeof DropdownQuerySchema>;
      const where = q ? searchCondition(dropdown, `%${escapeLike(q)}%`) : undefined;
      const rows = await db
        .select({ id: idColumn, text })
        .from(table)
        .where(where)
        .orderBy(asc(order ?? text), asc(idColumn))
        .limit(DROPDOWN_PAGE_SIZE + 1)
        .offset((p - 1) * DROPDOWN_PAGE_SIZE);
      const page: DropdownPage = {
        lista: rows.slice(0, DROPDOWN_PAGE_SIZE).map((row) => ({ id: Number(row.id), text: row.text })),
        more: rows.length > DROPDOWN_PAGE_SIZE,
      };
      return envelope(page);
    };
    api.get(`${path}/dropdown`, dropdownOptions, dropdownHandler);
    if (alsoAt) api.get(alsoAt, dropdownOptions, dropdownHandler);
  }

  api.get(`${path}/:id/edit`, { schema: { params: IdParamSchema }, preValidation: guard(levels.read) }, async (request) => {
    const entity = await loadEntity(db, request.params.id);
    const warnings = resource.warnings ? await resource.warnings(entity, db) : [];
    return envelope({ entity }, { warnings });
  });

  const tableName = getTableName(table);
  /** Every write in the trail, with the transaction that made it (decision 099). */
  const auditWrite = (
    tx: Queryable,
    request: FastifyRequest,
    change: { before: Row | null; after: Row | null; written: string[] },
  ) => {
    const { before, after } = change;
    const row = after ?? before;
    const fields = after === null ? [] : change.written.filter((field) => !sameValue(before?.[field], after[field]));
    const kept = (resource.audit?.values ?? []).filter((field) => fields.includes(field) || after === null);
    return recordAudit(tx, {
      actor: currentUserId(request),
      target: row ? (resource.audit?.target?.(row) ?? null) : null,
      action: before === null ? 'criar' : after === null ? 'excluir' : 'alterar',
      resource: tableName,
      resourceId: row?.id as number | undefined,
      fields,
      ...(kept.length > 0 && {
        details: Object.fromEntries(
          kept.map((field) => [field, after === null ? { de: before?.[field] } : { de: before?.[field] ?? null, para: after[field] }]),
        ),
      }),
      ip: request.ip,
    });
  };

  /** Files no row points at any more; a file still referenced elsewhere is left alone. */
  const discardFiles = async (ids: number[]) => {
    for (const arquivoId of ids) {
      await deleteFile(db, options.storage, arquivoId).catch(() => undefined);
    }
  };

  const write = async (request: FastifyRequest, id: number | null, body: unknown, files: Values) => {
    const schema = id === null ? resource.create : resource.update;
    if (!schema) throw notFound();
    // A ZodError becomes the error contract's 422 per field (http/error-handler.ts).
    const parsed = schema.parse(body);
    const usuarioId = currentUserId(request);
    let replaced: number[] = [];
    let entity: Row;
    try {
      entity = await db.transaction(async (tx) => {
        const current = id === null ? null : await loadEntity(tx, id);
        // A new file in an upload field replaces the old one, which goes after the commit.
        replaced = Object.keys(files)
          .map((key) => current?.[key])
          .filter((old): old is number => typeof old === 'number');
        const context: WriteContext = { db: tx, usuarioId, current, isProduction: options.isProduction };
        const values = { ...(resource.prepare ? await resource.prepare(parsed, context) : parsed), ...files };
        let saved: Row | undefined;
        if (id === null) {
          [saved] = (await tx.insert(table).values(values as never).returning()) as Row[];
        } else {
          [saved] = (await tx.update(table).set(values as never).where(eq(idColumn, id)).returning()) as Row[];
        }
        if (!saved) throw notFound(CRUD_MESSAGES.notFound);
        await resource.afterWrite?.(saved, { ...context, deleted: false });
        await auditWrite(tx, request, { before: current, after: saved, written: Object.keys(values) });
        return loadEntity(tx, Number(saved.id));
      });
    } catch (error) {
      throw writeError(error, 'write', resource);
    }
    await discardFiles(replaced);
    return entity;
  };

  /** A refused write leaves no stored upload behind (bytes and gl_arquivo row). */
  const writeWithFiles = async (request: FastifyRequest, id: number | null, fields: unknown, files: Values) => {
    try {
      return await write(request, id, fields, files);
    } catch (error) {
      await discardFiles(Object.values(files).map(Number));
      throw error;
    }
  };

  if (levels.create !== null) {
    api.post(path, { preValidation: guard(levels.create) }, async (request) => {
      const { fields, files } = request.isMultipart()
        ? await readMultipart(request, resource, options)
        : { fields: request.body, files: {} };
      const entity = await writeWithFiles(request, null, fields, files);
      return envelope({ entity }, { message: CRUD_MESSAGES.created });
    });
  }

  if (levels.update !== null) {
    api.put(`${path}/:id`, { schema: { params: IdParamSchema }, preValidation: guard(levels.update) }, async (request) => {
      const entity = await write(request, request.params.id, request.body, {});
      return envelope({ entity }, { message: CRUD_MESSAGES.updated });
    });
    api.post(`${path}/:id`, { schema: { params: IdParamSchema }, preValidation: guard(levels.update) }, async (request) => {
      if (!request.isMultipart()) throw new AppError(415, MESSAGES.unsupportedMediaType, 'multipart_expected');
      const { fields, files } = await readMultipart(request, resource, options);
      const entity = await writeWithFiles(request, request.params.id, fields, files);
      return envelope({ entity }, { message: CRUD_MESSAGES.updated });
    });
  }

  if (levels.delete !== null) {
    api.delete(`${path}/:id`, { schema: { params: IdParamSchema }, preValidation: guard(levels.delete) }, async (request) => {
      const usuarioId = currentUserId(request);
      let files: number[] = [];
      try {
        await db.transaction(async (tx) => {
          const [deleted] = (await tx.delete(table).where(eq(idColumn, request.params.id)).returning()) as Row[];
          if (!deleted) throw notFound(CRUD_MESSAGES.notFound);
          await resource.afterWrite?.(deleted, {
            db: tx,
            usuarioId,
            current: deleted,
            isProduction: options.isProduction,
            deleted: true,
          });
          await auditWrite(tx, request, { before: deleted, after: null, written: [] });
          files = Object.keys(resource.uploads ?? {})
            .map((field) => deleted[`${field}_arquivo_id`])
            .filter((arquivoId): arquivoId is number => typeof arquivoId === 'number');
        });
      } catch (error) {
        throw writeError(error, 'delete');
      }
      // The record's uploads go with it, after the commit (docs/decisions/013-file-storage.md).
      await discardFiles(files);
      return envelope(null, { message: CRUD_MESSAGES.deleted });
    });
  }
}
