import { afterEach, describe, expect, it } from 'vitest';
import './zod-config';
import { z } from 'zod';

const OriginalFunction = globalThis.Function;
afterEach(() => {
  globalThis.Function = OriginalFunction;
});

describe('zod in the browser', () => {
  it('parses objects without eval, so the CSP never reports a violation', () => {
    let evals = 0;
    globalThis.Function = new Proxy(OriginalFunction, {
      construct(target, args: unknown[]) {
        evals++;
        return Reflect.construct(target, args) as object;
      },
      apply(target, thisArg, args: unknown[]) {
        evals++;
        return Reflect.apply(target, thisArg, args) as unknown;
      },
    });
    const schema = z.object({ email: z.string(), senha: z.string(), lembrar: z.boolean().optional() });
    for (let index = 0; index < 3; index++) {
      expect(schema.parse({ email: 'a@b.com', senha: 'x', lembrar: true })).toEqual({ email: 'a@b.com', senha: 'x', lembrar: true });
    }
    expect(evals).toBe(0);
  });
});
