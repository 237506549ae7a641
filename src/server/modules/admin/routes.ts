import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { envelope } from '#shared/envelope';
import { ACESSO_MESSAGES, AdminSelectClientRequestSchema } from '#shared/schemas/acesso';
import { requireStaff } from '../../auth/guards.ts';
import type { Database } from '../../db/database.ts';
import { clientToSelect } from './service.ts';

/** §6: the provider's admins (staff level ≤ 1). */
export const ADMIN_LEVEL = 1;

/** §7 POST api/admin/cliente/selecionar {id}: the admin's session now works in that client. */
export const adminRoutes: FastifyPluginCallbackZod<{ db: Database }> = (app, { db }, done) => {
  app.post(
    '/admin/cliente/selecionar',
    {
      schema: { body: AdminSelectClientRequestSchema },
      preValidation: requireStaff(db, ADMIN_LEVEL),
    },
    async (request) => {
      const data = await clientToSelect(db, request.body.id);
      await request.session.setContext({ clienteId: data.cliente.id });
      return envelope(data, { message: ACESSO_MESSAGES.clientSelected(data.cliente.razao_social) });
    },
  );
  done();
};
