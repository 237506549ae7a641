import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

/**
 * Issue 36 item 4: every id a caller may send is bounded to PostgreSQL's integer (2^31 - 1), so
 * a big number is a field error, never a 22003 from the database. Walks every schema exported by
 * the shared schema modules and sends 2^31 to each field named like an id.
 */
const modules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts'], { eager: true });

const ID_FIELD = /(^id$|_id$|Id$)/;
const TOO_BIG = 2 ** 31;

type Shape = Record<string, z.ZodType>;

/** The object shape of a schema, through the pipes, preprocessing and refinements around it. */
function shapeOf(schema: unknown, depth = 0): Shape | null {
  if (!schema || typeof schema !== 'object' || depth > 5) return null;
  const candidate = schema as { shape?: Shape; _zod?: { def?: { in?: unknown; out?: unknown; innerType?: unknown; schema?: unknown } } };
  if (candidate.shape && typeof candidate.shape === 'object') return candidate.shape;
  const def = candidate._zod?.def;
  if (!def) return null;
  for (const inner of [def.in, def.out, def.innerType, def.schema]) {
    const shape = shapeOf(inner, depth + 1);
    if (shape) return shape;
  }
  return null;
}

const idFields = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports).flatMap(([name, value]) => {
    const shape = shapeOf(value);
    if (!shape || typeof (value as { safeParse?: unknown }).safeParse !== 'function') return [];
    return Object.keys(shape)
      .filter((key) => ID_FIELD.test(key))
      .map((key) => ({ where: `${file.replace('./', '')} ${name}.${key}`, schema: value as z.ZodType, key }));
  }),
);

describe('ids in the shared schemas (issue 36)', () => {
  it('finds the id fields', () => {
    expect(idFields.length).toBeGreaterThan(20);
  });

  it.each(idFields.map((field) => [field.where, field] as const))('%s refuses 2^31', (_where, { schema, key }) => {
    for (const value of [TOO_BIG, String(TOO_BIG)]) {
      const result = schema.safeParse({ [key]: value });
      const issues = result.success ? [] : result.error.issues.filter((issue) => issue.path[0] === key);
      expect(issues.length, `${key} = ${value}`).toBeGreaterThan(0);
    }
  });
});
