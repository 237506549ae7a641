import { and, eq, sql } from 'drizzle-orm';
import type { PublicProduct } from '#shared/schemas/auth';
import type { Queryable } from '../../platform/db/database.ts';
import { readKept } from '../../platform/db/kept-reads.ts';
import { preparedFor } from '../../platform/db/prepared.ts';
import { glProduto } from '../../platform/db/schema.ts';

export type ActiveProduct = PublicProduct;

/** The product's url as a browser can follow it: relative urls resolve against PUBLIC_URL. */
function resolveProductUrl(url: string, publicUrl: string): string {
  return new URL(url, `${publicUrl}/`).toString();
}

/**
 * An active product as anyone may see it (§7 GET /api/gl_produto/{pid}/edit), or null. Read at
 * every sign-in and on every public page of a product: kept until the next change to the products
 * (db/kept-reads.ts; issue 15).
 */
export async function findActiveProduct(
  db: Queryable,
  id: number,
  publicUrl: string,
): Promise<ActiveProduct | null> {
  const { row } = await readKept(db, 'active_product', String(id), () => readActiveProduct(db, id));
  return row ? { ...row, url: resolveProductUrl(row.url, publicUrl) } : null;
}

async function readActiveProduct(db: Queryable, id: number) {
  const [row] = await preparedFor(db, 'active_product', (handle, name) =>
    handle
      .select({
        id: glProduto.id,
        nome: glProduto.nome,
        url: glProduto.url,
        logo_url: glProduto.logo_url,
        cadastro_permitido: glProduto.cadastro_permitido,
        cadastro_usuario_inativo: glProduto.cadastro_usuario_inativo,
      })
      .from(glProduto)
      .where(and(eq(glProduto.id, sql.placeholder('id')), eq(glProduto.ativo, true)))
      .prepare(name),
  ).execute({ id });
  return row;
}

/**
 * Whether the redirect page may send a person to this origin without a warning (decision 041):
 * this portal's own (PUBLIC_URL) or that of an active product's url.
 */
export async function isAllowedDestination(db: Queryable, origin: string, publicUrl: string): Promise<boolean> {
  if (origin === new URL(publicUrl).origin) return true;
  const products = await db.select({ url: glProduto.url }).from(glProduto).where(eq(glProduto.ativo, true));
  return products.some((product) => {
    try {
      return new URL(resolveProductUrl(product.url, publicUrl)).origin === origin;
    } catch {
      return false;
    }
  });
}
