import type { ReactNode } from 'react';
import Table from 'react-bootstrap/Table';
import { ScrollRegion } from './scroll-region';
import { STACKED_TABLE_CLASS } from './stacked-table';

/**
 * A list of a person's records with a last column of actions whose header is read only by
 * screen readers (active sessions, trusted devices, passkeys): striped, in a named scroll
 * region a keyboard can scroll; on a phone the rows stack as cards (issue 38). The caller gives
 * the rows, the first cell as the card's title and the others labelled with `cellLabel`.
 */
export function RecordTable({
  label,
  headers,
  actionsLabel,
  children,
}: {
  label: string;
  headers: readonly string[];
  actionsLabel: string;
  children: ReactNode;
}) {
  return (
    <ScrollRegion label={label}>
      <Table striped className={`align-middle ${STACKED_TABLE_CLASS}`}>
        <thead>
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">{actionsLabel}</span>
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </Table>
    </ScrollRegion>
  );
}
