/**
 * §6 levels: a number, lower is stronger. Account user ≤ 20, account supervisor ≤ 13, account
 * manager ≤ 10, operator ≤ 5, supervisor ≤ 3, admin ≤ 1.
 */
export const LEVEL_ACCOUNT_MANAGER = 10;

/** §6 "Only level 10 or lower may change plans". */
export function canChangePlan(nivel: number | null | undefined): boolean {
  return typeof nivel === 'number' && nivel <= LEVEL_ACCOUNT_MANAGER;
}
