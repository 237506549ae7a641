import type { Page } from '@playwright/test';
import { expect } from '../fixtures.ts';
import { signInDemoUser } from './sign-in.ts';

/**
 * The demo admin bills a client's contract now (Administração → Faturamento, 'Emitir agora'),
 * found by the client's name; the page is left signed in as the admin.
 */
export async function issueNowAsAdmin(staff: Page, clientName: string): Promise<void> {
  await signInDemoUser(staff, 'admin@exemplo.com.br');
  await staff.goto('/admin/faturamento');
  const contracts = staff.getByRole('region', { name: 'Contratos ativos', exact: true });
  await contracts.getByRole('searchbox').fill(clientName);
  await contracts.getByRole('button', { name: 'Buscar' }).click();
  await contracts.getByRole('button', { name: `Emitir agora: ${clientName}` }).click();
  await staff.getByRole('dialog', { name: 'Emitir a próxima fatura agora?' }).getByRole('button', { name: 'Emitir agora' }).click();
  await expect(staff.getByText(/^Fatura de R\$\s[\d.]+,\d{2} emitida\.$/)).toBeVisible();
}
