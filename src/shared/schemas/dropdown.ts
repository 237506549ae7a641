/**
 * §7 Dropdown search and §3 Select option: the calls behind every searchable dropdown
 * (GET {source}?q={text}&p={page}) and what they answer.
 */
import { z } from 'zod';
import { searchText } from '../fields.ts';

/** Options per page of a dropdown search. */
export const DROPDOWN_PAGE_SIZE = 20;
const QUERY_MAX = 100;

/** §7: q (the typed text, may be empty: §9 "no minimum input") and p (the page, from 1). */
export const DropdownQuerySchema = z.object({
  q: searchText(QUERY_MAX).optional().default(''),
  p: z.coerce.number().int().min(1).max(10_000).optional().default(1),
});
export type DropdownQuery = z.input<typeof DropdownQuerySchema>;

/** §3 Select option. */
export interface SelectOption {
  id: number;
  text: string;
}

/** data of a dropdown search: §7's `{data: {lista}}` shape, plus whether another page exists. */
export interface DropdownPage {
  lista: SelectOption[];
  more: boolean;
}
