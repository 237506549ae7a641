import pg from 'pg';
import { vi } from 'vitest';

/**
 * The plans of the statements the app sends (issue 37): each statement through pg's pools is
 * caught, and the last one matching a pattern is EXPLAINed, with its parameters, on a connection
 * of its own with sequential scans discouraged. On a test's small tables a sequential scan is the
 * cheapest plan; discouraged, the plan shows what an index can serve, and an order or a condition
 * no index has still reads or sorts every row. PostgreSQL only.
 */
export function queryPlans() {
  const statements = vi.spyOn(pg.Pool.prototype, 'query');
  let explainer: pg.Client | null = null;
  return {
    async connect(url: string) {
      explainer = new pg.Client({ connectionString: url });
      await explainer.connect();
    },
    forget: () => statements.mockClear(),
    /** The text of the statements sent since `forget` that match a pattern. */
    statements: (pattern: RegExp): string[] =>
      statements.mock.calls
        .map(([query]) => String((query as { text?: string }).text ?? query))
        .filter((text) => pattern.test(text)),
    /**
     * `search`: plain index scans discouraged too (on small tables a full index scan with a filter
     * is cheaper than a trigram index, which a large provider's table would use). `asPlanned`:
     * nothing discouraged, the plan the app's statement gets.
     */
    async planOf(pattern: RegExp, options: { search?: boolean; asPlanned?: boolean } = {}): Promise<string> {
      const call = statements.mock.calls.findLast(([query]) => pattern.test(String((query as { text?: string }).text ?? query)));
      if (!call) throw new Error(`no statement matched ${String(pattern)}`);
      if (!explainer) throw new Error('queryPlans: connect() first');
      const [query, params] = call as unknown as [{ text: string } | string, unknown[] | undefined];
      const text = typeof query === 'string' ? query : query.text;
      await explainer.query('begin');
      try {
        if (!options.asPlanned) await explainer.query('set local enable_seqscan = off');
        if (options.search) await explainer.query('set local enable_indexscan = off');
        const { rows } = await explainer.query<{ 'QUERY PLAN': string }>(`explain ${text}`, params);
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      } finally {
        await explainer.query('rollback');
      }
    },
    close: () => explainer?.end(),
  };
}
