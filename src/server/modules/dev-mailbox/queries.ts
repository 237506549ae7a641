import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.ts';
import { glEmailSaida } from '../../platform/db/schema.ts';

/** How many messages the development mailbox lists, newest first. */
const LIST_LIMIT = 100;

/** The outbox's newest messages, for the development mailbox's list (API and page). */
export function listRecentMails(db: Database) {
  return db
    .select({
      id: glEmailSaida.id,
      destinatario: glEmailSaida.destinatario,
      assunto: glEmailSaida.assunto,
      situacao: glEmailSaida.situacao,
      datahora_criado: glEmailSaida.datahora_criado,
    })
    .from(glEmailSaida)
    .orderBy(desc(glEmailSaida.id))
    .limit(LIST_LIMIT);
}

/** One outbox message, whole, or undefined. */
export async function findMail(db: Database, id: number) {
  const [row] = await db.select().from(glEmailSaida).where(eq(glEmailSaida.id, id));
  return row;
}
