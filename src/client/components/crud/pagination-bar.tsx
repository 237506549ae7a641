import { EXACT_TOTAL_MAX } from '#shared/schemas/crud';
import { pageWindow, showingText, type PageOf } from './pagination';

const PAGINATION_LABEL = 'Paginação';

/**
 * The §9 pagination bar: first, previous, up to 4 pages either side of the current one, next,
 * last; and the 'Exibindo ...' line.
 */
export function PaginationBar({
  label,
  page,
  onPage,
  disabled = false,
}: {
  /** What is paged (the list's caption): two lists on one page get two distinct navigations. */
  label?: string;
  page: Pick<PageOf<unknown>, 'currentPage' | 'lastPage' | 'from' | 'to' | 'total'> &
    Partial<Pick<PageOf<unknown>, 'estimated' | 'countedUpTo'>>;
  onPage: (page: number) => void;
  disabled?: boolean;
}) {
  const { currentPage, lastPage } = page;
  const item = (label: string, target: number, ariaLabel: string, off: boolean, active = false) => (
    <li key={ariaLabel} className={`page-item${off ? ' disabled' : ''}${active ? ' active' : ''}`}>
      <button
        type="button"
        className="page-link"
        aria-label={ariaLabel}
        aria-current={active ? 'page' : undefined}
        disabled={off || disabled}
        onClick={() => onPage(target)}
      >
        {label}
      </button>
    </li>
  );
  const atStart = currentPage <= 1;
  const atEnd = currentPage >= lastPage;
  return (
    <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
      <nav aria-label={label ? `${PAGINATION_LABEL}: ${label}` : PAGINATION_LABEL}>
        <ul className="pagination pagination-sm mb-0">
          {item('«', 1, 'Primeira página', atStart)}
          {item('‹', currentPage - 1, 'Página anterior', atStart)}
          {pageWindow(currentPage, lastPage).map((number) =>
            item(String(number), number, `Página ${number}`, false, number === currentPage),
          )}
          {item('›', currentPage + 1, 'Próxima página', atEnd)}
          {item('»', lastPage, 'Última página', atEnd)}
        </ul>
      </nav>
      <small className="text-body-secondary">{showingText(page.from, page.to, page.total, page.estimated ? (page.countedUpTo ?? EXACT_TOTAL_MAX) : null)}</small>
    </div>
  );
}
