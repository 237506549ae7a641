import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PaginationBar } from './pagination-bar';
import { readPagination } from './pagination';

const numbers = () =>
  within(screen.getByRole('navigation', { name: 'Paginação' }))
    .getAllByRole('button', { name: /^Página \d+$/ })
    .map((button) => Number(button.textContent));

const bar = (currentPage: number, lastPage: number, onPage = vi.fn()) =>
  render(<PaginationBar page={{ currentPage, lastPage, from: 1, to: 15, total: lastPage * 15 }} onPage={onPage} />);

describe('PaginationBar (§9)', () => {
  it('shows at most 4 pages either side of the current one', () => {
    bar(10, 20);
    expect(numbers()).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(screen.getByRole('button', { name: 'Página 10' })).toHaveAttribute('aria-current', 'page');
  });

  it('cuts the window at the first page and turns first/previous off there', () => {
    bar(1, 20);
    expect(numbers()).toEqual([1, 2, 3, 4, 5]);
    expect(screen.getByRole('button', { name: 'Primeira página' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Página anterior' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Próxima página' })).toBeEnabled();
  });

  it('cuts the window at the last page and turns next/last off there', () => {
    bar(19, 20);
    expect(numbers()).toEqual([15, 16, 17, 18, 19, 20]);
    expect(screen.getByRole('button', { name: 'Última página' })).toBeEnabled();
    bar(20, 20);
    expect(screen.getAllByRole('button', { name: 'Última página' })[1]).toBeDisabled();
  });

  it('shows a single page when there is one', () => {
    bar(1, 1);
    expect(numbers()).toEqual([1]);
  });

  it('asks for the page clicked, the first, previous, next and last', async () => {
    const onPage = vi.fn();
    bar(5, 30, onPage);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Página 9' }));
    await user.click(screen.getByRole('button', { name: 'Primeira página' }));
    await user.click(screen.getByRole('button', { name: 'Página anterior' }));
    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    await user.click(screen.getByRole('button', { name: 'Última página' }));
    expect(onPage.mock.calls.map(([page]) => page as number)).toEqual([9, 1, 4, 6, 30]);
  });

  it("writes the §9 line 'Exibindo {from}-{to} de {total} registros(s).'", () => {
    render(<PaginationBar page={{ currentPage: 2, lastPage: 3, from: 16, to: 30, total: 40 }} onPage={vi.fn()} />);
    expect(screen.getByText('Exibindo 16-30 de 40 registros(s).')).toBeInTheDocument();
  });

  it("says 'mais de 10.000' where the total is the server's estimate (issue 37)", () => {
    render(<PaginationBar page={{ currentPage: 1, lastPage: 140_000, from: 1, to: 15, total: 2_100_000, estimated: true }} onPage={vi.fn()} />);
    expect(screen.getByText('Exibindo 1-15 de mais de 10.000 registros(s).')).toBeInTheDocument();
  });

  it("says 'mais de 500' where a search's matches are estimated past the 500 it counts", () => {
    const page = readPagination({ current_page: 1, last_page: 70, from: 1, to: 15, total: 1_050, per_page: 15, data: [], total_estimado: true, total_contado_ate: 500 });
    render(<PaginationBar page={page} onPage={vi.fn()} />);
    expect(screen.getByText('Exibindo 1-15 de mais de 500 registros(s).')).toBeInTheDocument();
  });
});

describe('readPagination (§3 shapes)', () => {
  it('reads the plain shape and the one wrapped in meta and links', () => {
    const plain = readPagination({ current_page: 2, last_page: 4, from: 3, to: 4, total: 8, per_page: 2, data: [{ id: 3 }, { id: 4 }] });
    const wrapped = readPagination({
      data: [{ id: 3 }, { id: 4 }],
      meta: { current_page: 2, last_page: 4, from: 3, to: 4, total: 8, per_page: 2 },
      links: { first: '?page=1', last: '?page=4', prev: '?page=1', next: '?page=3' },
    });
    const expected = {
      ...{ currentPage: 2, lastPage: 4, from: 3, to: 4, total: 8, perPage: 2, rows: [{ id: 3 }, { id: 4 }] },
      ...{ estimated: false, countedUpTo: 10_000, cursorInicio: null, cursorFim: null },
    };
    expect(plain).toEqual(expected);
    expect(wrapped).toEqual(expected);
  });
});
