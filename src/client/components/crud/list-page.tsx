import { useRef, useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { apiGet, type QueryParams } from '../../lib/api-client';
import { backToHere } from './back-to';
import { AddButton, RefreshButton } from './crud-buttons';
import { CRUD_TEXTS } from '../../texts';
import { PaginationBar } from './pagination-bar';
import { readPagination, type PageOf } from './pagination';
import { cellLabel, STACKED_TABLE_CLASS } from '../stacked-table';
import './crud.css';
import { ScrollRegion } from '../scroll-region';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  className?: string;
}

/** The key every list of a resource shares, so a save or delete refreshes them (§4 "changed"). */
export const crudListKey = (base: string) => ['crud-list', base] as const;

/** Page and search text: in the address for a screen's own list (back keeps them), local for a child list. */
function useListState(inAddress: boolean) {
  const [params, setParams] = useSearchParams();
  const [local, setLocal] = useState({ page: 1, search: '' });
  if (!inAddress) {
    return {
      page: local.page,
      search: local.search,
      set: (page: number, search: string) => setLocal({ page, search }),
    };
  }
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('q') ?? '';
  return {
    page,
    search,
    set: (nextPage: number, nextSearch: string) => {
      const next = new URLSearchParams(params);
      next.set('page', String(nextPage));
      if (nextSearch) next.set('q', nextSearch);
      else next.delete('q');
      setParams(next, { replace: true });
    },
  };
}

/**
 * The generic list page (§2): paging with the §9 bar, search text, 'Adicionar', a click on a
 * row opens it, 'Voltar', and 'Atualizar' (disabled and spinning while loading). Reads both §3
 * pagination shapes. GET {base}?page={n}&searchText={text}&...params (§7).
 */
export function CrudList<Row extends { id: number }>({
  base,
  columns,
  params,
  editPath,
  addPath,
  backPath,
  toolbar,
  caption,
  child = false,
}: {
  base: string;
  columns: Column<Row>[];
  params?: QueryParams;
  /** Where a click on a row goes; rows are not clickable without it. */
  editPath?: (row: Row) => string;
  /** Where 'Adicionar' goes; hidden without it. */
  addPath?: string;
  backPath?: string;
  toolbar?: ReactNode;
  /** The table's accessible name. */
  caption: string;
  /** A child list inside an edit page keeps its page and search to itself. */
  child?: boolean;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  // The page opened from here comes back here, with this page and search (§4).
  const open = (path: string) => void navigate(path, { state: backToHere(location) });
  const state = useListState(!child);
  const [text, setText] = useState(state.search);
  // The page on screen, with its first and last keys: the page asked for next is sought from
  // them, so a list of millions pages as fast deep down as at the top (issue 37).
  const held = useRef<{ scope: string; page: PageOf<unknown> } | null>(null);
  const scope = JSON.stringify([base, params ?? {}, state.search]);
  const query = useQuery({
    queryKey: [...crudListKey(base), params ?? {}, state.page, state.search],
    queryFn: async ({ signal }) => {
      const near = held.current?.scope === scope ? held.current.page : null;
      const data = await apiGet<unknown>(base, {
        params: {
          ...params,
          page: state.page,
          searchText: state.search || undefined,
          apos: near && near.currentPage < state.page ? (near.cursorFim ?? undefined) : undefined,
          antes: near && near.currentPage > state.page ? (near.cursorInicio ?? undefined) : undefined,
        },
        signal,
      });
      held.current = { scope, page: readPagination(data as Parameters<typeof readPagination>[0]) };
      return data;
    },
    placeholderData: keepPreviousData,
  });
  const page = readPagination<Row>(query.data as Parameters<typeof readPagination<Row>>[0]);

  return (
    <div className="mb-4">
      <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
        {backPath && (
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={() => void navigate(backPath)}
          >
            ‹ {CRUD_TEXTS.back}
          </button>
        )}
        <form
          role="search"
          // Named: an edit page holds several lists, and landmarks of one kind need names to differ.
          aria-label={caption}
          className="d-flex gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            state.set(1, text.trim());
          }}
        >
          <input
            type="search"
            className="form-control"
            aria-label={`${CRUD_TEXTS.searchPlaceholder}: ${caption}`}
            placeholder={CRUD_TEXTS.searchPlaceholder}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <button type="submit" className="btn btn-outline-primary">
            {CRUD_TEXTS.search}
          </button>
        </form>
        {toolbar}
        <div className="ms-auto d-flex gap-2">
          <RefreshButton loading={query.isFetching} onClick={() => void query.refetch()} />
          <AddButton hidden={!addPath} onClick={() => addPath && open(addPath)} />
        </div>
      </div>
      <ScrollRegion label={caption}>
        <table
          className={`table table-hover table-sm align-middle app-crud-table ${STACKED_TABLE_CLASS}`}
          aria-busy={query.isFetching || undefined}
        >
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col" className={column.className}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {page.rows.map((row) => (
              <tr
                key={row.id}
                tabIndex={editPath ? 0 : undefined}
                onClick={editPath ? () => open(editPath(row)) : undefined}
                onKeyDown={
                  editPath
                    ? (event) => {
                        if (event.key === 'Enter') open(editPath(row));
                      }
                    : undefined
                }
              >
                {columns.map((column) => (
                  <td
                    key={column.header}
                    className={column.className}
                    {...cellLabel(column.header)}
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
            {!query.isPending && page.rows.length === 0 && (
              <tr>
                <td colSpan={columns.length} className="text-body-secondary">
                  {CRUD_TEXTS.noRows}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </ScrollRegion>
      <PaginationBar
        label={caption}
        page={page}
        onPage={(next) => state.set(next, state.search)}
        disabled={query.isFetching}
      />
    </div>
  );
}
