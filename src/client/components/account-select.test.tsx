import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SelectOption } from '#shared/schemas/dropdown';
import { queryClient } from '../lib/query-client';
import { envelopeResponse, setCsrfCookie, stubFetch } from '../testing/fetch-stub';
import { AccountSelect } from './account-select';

beforeEach(() => setCsrfCookie('csrf'));
afterEach(() => {
  queryClient.clear();
  setCsrfCookie(null);
});

function Harness() {
  const [value, setValue] = useState<SelectOption | null>(null);
  return (
    <QueryClientProvider client={queryClient}>
      <label htmlFor="pg_conta_id">Conta</label>
      <AccountSelect inputId="pg_conta_id" value={value} onChange={setValue} />
      <output>{value ? `${value.id}:${value.text}` : 'nada'}</output>
    </QueryClientProvider>
  );
}

describe('AccountSelect (§3 ready-made account dropdown)', () => {
  it('searches /api/pg_conta with q and p and reads accounts by nome_exibicao', async () => {
    const { calls } = stubFetch({
      // The §7 {data: [...]} shape with the accounts' own fields.
      'GET /api/pg_conta': () => envelopeResponse([{ id: 3, nome_exibicao: 'Pix', descricao_exibicao: 'Na hora' }]),
    });
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByLabelText('Conta'));
    await user.click(await screen.findByText('Pix'));
    expect(screen.getByText('3:Pix', { selector: 'output' })).toBeInTheDocument();
    expect(Object.fromEntries(new URL(calls[0]!.url, 'http://x').searchParams)).toEqual({ q: '', p: '1' });
  });
});
