import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#tests/helpers/test-database.ts';
import type { DatabaseHandle } from './database.ts';
import { isDatabaseUnavailable, isUniqueViolation, loggableError, pgErrorCode } from './errors.ts';
import { glUsuario } from './schema.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** A real unique violation whose parameters carry a secret, from the engine under test. */
async function duplicateUserError(secret: string): Promise<unknown> {
  const values = { nome: 'Dupla', email: `dupla.${secret}@teste.com.br`, senha_hash: secret };
  await database.db.insert(glUsuario).values(values);
  try {
    await database.db.insert(glUsuario).values(values);
  } catch (error) {
    return error;
  }
  throw new Error('the second insert did not fail');
}

describe('database errors', () => {
  it('reads the SQLSTATE and the constraint on both drivers', async () => {
    const error = await duplicateUserError('abc123');
    expect(pgErrorCode(error)).toBe('23505');
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(error, 'gl_usuario_email_lower_uq')).toBe(true);
    expect(isUniqueViolation(error, 'gl_cliente_cpfcnpj_uq')).toBe(false);
    expect(isUniqueViolation(new Error('other'))).toBe(false);
  });

  it('logs a failed query without its parameters', async () => {
    const secret = 'segredo-que-nao-pode-vazar';
    const error = await duplicateUserError(secret);
    expect(String((error as Error).message)).toContain(secret);
    const clean = loggableError(error) as Error;
    expect(`${clean.message} ${clean.stack}`).not.toContain(secret);
    expect(clean.stack).toContain('insert into "gl_usuario"');
    expect((clean as Error & { code?: string }).code).toBe('23505');
  });

  it('tells a lost or refused connection (503) from a failed query (500)', async () => {
    const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
    const wrapped = (cause: Error) => new Error('Failed query: select 1', { cause });
    for (const error of [
      wrapped(withCode('terminating connection due to administrator command', '57P01')),
      wrapped(withCode('the database system is starting up', '57P03')),
      wrapped(withCode('connection failure', '08006')),
      wrapped(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')),
      wrapped(new Error('Connection terminated unexpectedly')),
      new Error('timeout exceeded when trying to connect'),
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(true);
    }
    expect(isDatabaseUnavailable(await duplicateUserError('indisponivel'))).toBe(false);
    expect(isDatabaseUnavailable(wrapped(withCode('value out of range for type integer', '22003')))).toBe(false);
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
  });
});
