import type { PublicPlan, PublicPlanPayment } from '#shared/schemas/plans';
import { readLoginEvent } from '../../lib/login-event';

/** The plan and payment option a person picked in the table. */
export interface Selection {
  plan: PublicPlan;
  option: PublicPlanPayment;
}

/** The login event of this tab for the product, which §7 sends with the plan change calls. */
export function loginEventFor(pid: number) {
  const ref = readLoginEvent();
  return ref && ref.pid === pid ? { evento_id: ref.evento_id, evento_token: ref.evento_token } : null;
}
