import { writeCountOf, type WriteCount } from './write-count.ts';

/**
 * Rows read on hot paths, kept until the next change to the tables the write count watches
 * (write-count.ts; decisions 091 and 094): the same key then costs no query. A missing row is not
 * kept (a stream of made-up keys would only fill the map). A row is kept at most KEPT_FOR_MS,
 * whatever the count says: a bound on what an announcement lost without the listener noticing
 * could cost. Callers check what a row's own times say (an expiry) on every use.
 */
class KeptReads<Row> {
  private readonly rows = new Map<string, { row: Row; readAt: number }>();
  private count = -1;
  private static readonly LIMIT = 10_000;
  private static readonly KEPT_FOR_MS = 5_000;

  async read(
    writes: WriteCount,
    key: string,
    read: () => Promise<Row | undefined>,
  ): Promise<{ row: Row | undefined; kept: boolean }> {
    if (this.count !== writes.value) {
      this.rows.clear();
      this.count = writes.value;
    }
    const kept = this.rows.get(key);
    if (kept && performance.now() - kept.readAt < KeptReads.KEPT_FOR_MS) return { row: kept.row, kept: true };
    const countBefore = writes.value;
    const readAt = performance.now();
    const row = await read();
    // Kept only if nothing was written while it was read.
    if (row !== undefined && writes.value === countBefore) {
      if (this.rows.size >= KeptReads.LIMIT) this.rows.clear();
      this.rows.set(key, { row, readAt });
    }
    return { row, kept: false };
  }
}

/** Per database (tests open several in one process), per kind of read. */
const keptByDatabase = new WeakMap<WriteCount, Map<string, KeptReads<unknown>>>();

/**
 * `read`'s row for `key` among the `kind` rows kept for `db`, or read now (and kept when nothing
 * was written meanwhile). A handle without a write count (a transaction; PostgreSQL while its
 * change listener is not listening) always reads. `kept` says the row came from memory.
 */
export async function readKept<Row>(
  db: object,
  kind: string,
  key: string,
  read: () => Promise<Row | undefined>,
): Promise<{ row: Row | undefined; kept: boolean }> {
  const writes = writeCountOf(db);
  if (!writes) return { row: await read(), kept: false };
  let kinds = keptByDatabase.get(writes);
  if (!kinds) keptByDatabase.set(writes, (kinds = new Map<string, KeptReads<unknown>>()));
  let kept = kinds.get(kind) as KeptReads<Row> | undefined;
  if (!kept) kinds.set(kind, (kept = new KeptReads<Row>()));
  return kept.read(writes, key, read);
}
