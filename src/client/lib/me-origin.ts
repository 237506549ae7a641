import { useSearchParams } from 'react-router';
import { DEFAULT_PRODUCT_ID } from '../paths';
import { useSession } from './session';

/**
 * The me.* screens' query (§2): where the person came from (origin: 'login' while a login is
 * under way, else the default 'dashboard', §9) and the product (pid).
 */
export type MeOrigin = 'login' | 'dashboard';

export interface MeOriginQuery {
  origin: MeOrigin;
  pid: number;
}

/** A pid from the query, else the session's product, else product 1 (§9). */
export function useMeOrigin(): MeOriginQuery {
  const [query] = useSearchParams();
  const { produto } = useSession();
  const rawPid = query.get('pid') ?? '';
  const pid = /^\d{1,9}$/.test(rawPid) && Number(rawPid) > 0 ? Number(rawPid) : null;
  return {
    origin: query.get('origin') === 'login' ? 'login' : 'dashboard',
    pid: pid ?? produto?.id ?? DEFAULT_PRODUCT_ID,
  };
}
