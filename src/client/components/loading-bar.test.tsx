import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { LoadingBar } from './loading-bar';

describe('LoadingBar (§2 "a loading indicator shows during calls")', () => {
  it('shows while a call is in flight and hides when it ends', async () => {
    let finish: (value: string) => void = () => {};
    function Caller() {
      useQuery({
        queryKey: ['lento'],
        queryFn: () => new Promise<string>((resolve) => (finish = resolve)),
      });
      return null;
    }
    render(
      <QueryClientProvider client={createQueryClient()}>
        <LoadingBar />
        <Caller />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('progressbar', { name: 'Carregando...' })).toBeInTheDocument();
    act(() => finish('pronto'));
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
  });
});
