import { SearchableSelect, type SearchableSelectProps } from './searchable-select';

/** §3 "Ready-made dropdowns": the payment account (field pg_conta_id), from /api/pg_conta. */
const ACCOUNT_SOURCE = '/api/pg_conta';

export function AccountSelect(props: Omit<SearchableSelectProps, 'source'>) {
  return <SearchableSelect {...props} source={ACCOUNT_SOURCE} />;
}
