import './stacked-table.css';

/**
 * The one way a table fits a phone: put this class on the <table> and give
 * each body cell its column's header as `data-label` (`cellLabel`). Below the md breakpoint the
 * rows stack as cards, each cell labelled; from md up nothing changes.
 */
export const STACKED_TABLE_CLASS = 'app-stacked-table';

/** The attribute that labels a cell with its column's header in the stacked layout. */
export const cellLabel = (header: string) => ({ 'data-label': header });
