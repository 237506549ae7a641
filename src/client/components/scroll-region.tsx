import type { ReactNode } from 'react';

// The region is named apart from the section it sits in ('Tabela: Sessões ativas').
const TABLE_PREFIX = 'Tabela';

/**
 * The horizontal scroll box of a table (Bootstrap's .table-responsive), named and reachable by
 * the keyboard so a wide table can be scrolled without a mouse (WCAG 2.1.1; axe-core's
 * scrollable-region-focusable).
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={className ? `table-responsive ${className}` : 'table-responsive'}
      role="region"
      aria-label={`${TABLE_PREFIX}: ${label}`}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scroll box must take the focus to be scrolled by keys
      tabIndex={0}
    >
      {children}
    </div>
  );
}
