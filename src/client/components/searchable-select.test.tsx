import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SelectOption } from '#shared/schemas/dropdown';
import { queryClient } from '../lib/query-client';
import { envelopeResponse, setCsrfCookie, stubFetch } from '../testing/fetch-stub';
import { CitySelect } from './city-select';
import { SEARCH_DELAY_MS } from './searchable-select';
import { SELECT_TEXTS } from '../texts';

beforeEach(() => setCsrfCookie('csrf'));
afterEach(() => {
  queryClient.clear();
  setCsrfCookie(null);
});

function cities(prefix: string, from: number, count: number): SelectOption[] {
  return Array.from({ length: count }, (_, index) => ({
    id: from + index,
    text: `${prefix} ${from + index} - SP`,
  }));
}

function Harness({
  onChange = () => undefined,
}: {
  onChange?: (option: SelectOption | null) => void;
}) {
  const [value, setValue] = useState<SelectOption | null>(null);
  return (
    <QueryClientProvider client={queryClient}>
      <label htmlFor="cidade">Cidade</label>
      <CitySelect
        inputId="cidade"
        value={value}
        onChange={(option) => {
          setValue(option);
          onChange(option);
        }}
      />
      <output>{value ? `${value.id}:${value.text}` : 'nada'}</output>
    </QueryClientProvider>
  );
}

const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('searchable dropdown (§2 widgets, §9)', () => {
  it("shows 'Selecione', loads the first page on open with no minimum input, and selects", async () => {
    const { calls } = stubFetch({
      'GET /api/gl_cidade': () => envelopeResponse({ lista: cities('Cidade', 1, 3), more: false }),
    });
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByText(SELECT_TEXTS.placeholder)).toBeInTheDocument();
    await user.click(screen.getByLabelText('Cidade'));
    await user.click(await screen.findByText('Cidade 2 - SP'));
    expect(screen.getByText('2:Cidade 2 - SP', { selector: 'output' })).toBeInTheDocument();
    expect(queryOf(calls[0]!.url)).toEqual({ q: '', p: '1' });
  });

  it('searches 250 ms after the last keystroke, once, with the typed text', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = stubFetch({
      'GET /api/gl_cidade': (request) => {
        const q = queryOf(request.url).q ?? '';
        return envelopeResponse({ lista: q ? [{ id: 9, text: `${q} - XX` }] : [], more: false });
      },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<Harness />);
    await user.click(screen.getByLabelText('Cidade'));
    await waitFor(() => expect(calls).toHaveLength(1));
    await user.type(screen.getByLabelText('Cidade'), 'camp');
    await act(async () => {
      vi.advanceTimersByTime(SEARCH_DELAY_MS - 50);
      await Promise.resolve();
    });
    expect(calls).toHaveLength(1);
    await act(async () => {
      vi.advanceTimersByTime(60);
      await Promise.resolve();
    });
    await screen.findByText('camp - XX');
    expect(calls.map((call) => queryOf(call.url).q)).toEqual(['', 'camp']);
  });

  it('uses the cache for a text it has already searched', async () => {
    const { calls } = stubFetch({
      'GET /api/gl_cidade': () => envelopeResponse({ lista: cities('Cidade', 1, 2), more: false }),
    });
    const user = userEvent.setup();
    const { unmount } = render(<Harness />);
    await user.click(screen.getByLabelText('Cidade'));
    await screen.findByText('Cidade 1 - SP');
    unmount();
    render(<Harness />);
    await user.click(screen.getByLabelText('Cidade'));
    await screen.findByText('Cidade 1 - SP');
    expect(calls).toHaveLength(1);
  });

  it('loads the next page when the list is scrolled near its end', async () => {
    const { calls } = stubFetch({
      'GET /api/gl_cidade': (request) => {
        const page = Number(queryOf(request.url).p);
        return envelopeResponse({
          lista: cities('Cidade', (page - 1) * 20 + 1, 20),
          more: page < 2,
        });
      },
    });
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByLabelText('Cidade'));
    await screen.findByText('Cidade 20 - SP');
    const list = screen.getByRole('listbox');
    // jsdom has no layout: give the list a size and scroll it to 40 px from its end.
    Object.defineProperties(list, {
      scrollHeight: { configurable: true, value: 1000 },
      clientHeight: { configurable: true, value: 300 },
      scrollTop: { configurable: true, value: 660, writable: true },
    });
    fireEvent.scroll(list);
    await screen.findByText('Cidade 40 - SP');
    expect(calls.map((call) => queryOf(call.url).p)).toEqual(['1', '2']);
    // The last page said there is no more: scrolling again asks nothing.
    fireEvent.scroll(list);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(2);
  });

  it('says when nothing matches or the source failed, in pt-BR', async () => {
    let fail = false;
    stubFetch({
      'GET /api/gl_cidade': () =>
        fail
          ? envelopeResponse(null, { httpStatus: 500, message: 'Erro' })
          : envelopeResponse({ lista: [], more: false }),
    });
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByLabelText('Cidade'));
    expect(await screen.findByText(SELECT_TEXTS.noResults)).toBeInTheDocument();
    fail = true;
    await user.type(screen.getByLabelText('Cidade'), 'x');
    expect(await screen.findByText(SELECT_TEXTS.failed)).toBeInTheDocument();
  });

  it('can be cleared', async () => {
    stubFetch({
      'GET /api/gl_cidade': () => envelopeResponse({ lista: cities('Cidade', 1, 1), more: false }),
    });
    const changes: (SelectOption | null)[] = [];
    const user = userEvent.setup();
    const { container } = render(<Harness onChange={(option) => changes.push(option)} />);
    await user.click(screen.getByLabelText('Cidade'));
    await user.click(await screen.findByText('Cidade 1 - SP'));
    const clear = container.querySelector('.app-select__clear-indicator');
    expect(clear).not.toBeNull();
    await user.pointer({ keys: '[MouseLeft]', target: clear! });
    expect(changes.at(-1)).toBeNull();
    expect(screen.getByText('nada', { selector: 'output' })).toBeInTheDocument();
  });
});
