import { SearchableSelect, type SearchableSelectProps } from './searchable-select';

/** §3 "Ready-made dropdowns": the city (field gl_cidade_id), from /api/gl_cidade, 'Nome - UF'. */
export const CITY_SOURCE = '/api/gl_cidade';

export function CitySelect(props: Omit<SearchableSelectProps, 'source'>) {
  return <SearchableSelect {...props} source={CITY_SOURCE} />;
}
