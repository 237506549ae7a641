import { useCallback, useEffect, useMemo, useRef, useState, type UIEvent } from 'react';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import Select, {
  components,
  type AriaLiveMessages,
  type GroupBase,
  type MenuListProps,
  type StylesConfig,
  type ThemeConfig,
} from 'react-select';
import type { QueryParams } from '../lib/api-client';
import { fetchOptionsPage, type SelectOption } from '../lib/dropdown';
import { readMeta } from '../lib/page-meta';
// The module the augmentation below extends must be part of the program.
import type {} from 'react-select/base';
import { SELECT_TEXTS } from '../texts';

/**
 * The searchable dropdown of §2 "Reusable widgets" with the §9 rules: the source is searched 250
 * ms after the person stops typing, with no minimum input; pages are cached; 'Selecione';
 * clearable; the next page loads when the list is scrolled to within 50 px of its end. Texts are
 * pt-BR (decision 019: the seed's English ones were a defect of the old UI).
 */

/** §9 */
export const SEARCH_DELAY_MS = 250;
const LOAD_MORE_THRESHOLD_PX = 50;

export interface SearchableSelectProps {
  inputId: string;
  /** GET endpoint answering a §7 dropdown search, e.g. '/api/gl_cidade'. */
  source: string;
  /** Extra query parameters sent with q and p (§7 "extra params"). */
  params?: QueryParams;
  value: SelectOption | null;
  onChange: (option: SelectOption | null) => void;
  onBlur?: () => void;
  invalid?: boolean;
  /** Ids of the hint and error texts, for screen readers. */
  describedBy?: string | undefined;
  disabled?: boolean;
  clearable?: boolean;
  placeholder?: string;
  /** aria-required on the search input (§5 required marker on the field's label). */
  required?: boolean;
}

/**
 * react-select inserts its styles at run time (emotion); the page's CSP lets only styles with
 * this response's nonce in (docs/decisions/019-searchable-dropdown.md).
 */
let styleCache: EmotionCache | null = null;
function emotionCache(): EmotionCache {
  const nonce = readMeta('csp-nonce');
  styleCache ??= createCache({ key: 'app-select', ...(nonce ? { nonce } : {}) });
  return styleCache;
}

/** Bootstrap 5's look (§1 "select boxes use a bootstrap theme"). */
const bootstrapTheme: ThemeConfig = (theme) => ({
  ...theme,
  borderRadius: 6,
  colors: { ...theme.colors, primary: '#0d6efd', primary25: '#e7f1ff', primary50: '#cfe2ff' },
});

function stylesFor(invalid: boolean): StylesConfig<SelectOption, false> {
  return {
    control: (base, state) => ({
      ...base,
      minHeight: 38,
      borderColor: invalid ? '#dc3545' : state.isFocused ? '#86b7fe' : '#dee2e6',
      boxShadow: state.isFocused
        ? `0 0 0 0.25rem ${invalid ? 'rgba(220,53,69,.25)' : 'rgba(13,110,253,.25)'}`
        : 'none',
      '&:hover': { borderColor: invalid ? '#dc3545' : '#86b7fe' },
    }),
    menu: (base) => ({ ...base, zIndex: 1050 }),
  };
}

interface LoadState {
  /** The source and params the options came from. */
  origin: string;
  query: string;
  options: SelectOption[];
  nextPage: number;
  more: boolean;
  loading: boolean;
  failed: boolean;
}

const EMPTY: LoadState = {
  origin: '',
  query: '',
  options: [],
  nextPage: 1,
  more: true,
  loading: false,
  failed: false,
};

declare module 'react-select/base' {
  // The list's own props, handed to MenuList through selectProps (a stable component type
  // keeps the list, and its scroll position, across renders).
  // The type parameters must repeat the original's, used or not.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  export interface Props<Option, IsMulti extends boolean, Group extends GroupBase<Option>> {
    onNearEnd?: () => void;
    loadingMore?: boolean;
  }
}

/** A menu list that asks for more when scrolled near its end, with the "loading more" line. */
function MenuList(props: MenuListProps<SelectOption, false>) {
  const { onNearEnd, loadingMore } = props.selectProps;
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const list = event.currentTarget;
    if (list.scrollHeight - list.scrollTop - list.clientHeight <= LOAD_MORE_THRESHOLD_PX)
      onNearEnd?.();
  };
  return (
    <components.MenuList {...props} innerProps={{ ...props.innerProps, onScroll }}>
      {props.children}
      {loadingMore && (
        <div className="px-3 py-2 small text-body-secondary" role="status">
          {SELECT_TEXTS.loadingMore}
        </div>
      )}
    </components.MenuList>
  );
}

/** What a screen reader hears, in pt-BR (react-select's defaults are English). */
const ARIA_MESSAGES: AriaLiveMessages<SelectOption, false, GroupBase<SelectOption>> = {
  guidance: ({ context, isDisabled }) => {
    if (isDisabled) return '';
    if (context === 'menu')
      return 'Use as setas para cima e para baixo para escolher, Enter para selecionar e Esc para fechar.';
    if (context === 'input') return 'Digite para buscar; use a seta para baixo para abrir a lista.';
    return '';
  },
  onChange: ({ action, label }) => {
    if (action === 'clear') return 'Seleção removida.';
    if (action === 'select-option') return `Opção ${label} selecionada.`;
    return '';
  },
  onFilter: ({ inputValue, resultsMessage }) =>
    inputValue ? `${resultsMessage} para a busca ${inputValue}.` : resultsMessage,
  onFocus: ({ label, isSelected }) => `Opção ${label}${isSelected ? ', selecionada' : ''}.`,
};

const screenReaderStatus = ({ count }: { count: number }) =>
  count === 1 ? '1 resultado disponível' : `${count} resultados disponíveis`;

export function SearchableSelect({
  inputId,
  source,
  params,
  value,
  onChange,
  onBlur,
  invalid = false,
  describedBy,
  disabled = false,
  clearable = true,
  placeholder = SELECT_TEXTS.placeholder,
  required = false,
}: SearchableSelectProps) {
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const [loaded, setState] = useState<LoadState>(EMPTY);
  // Only the answer to the latest request counts (typing fast sends several).
  const latest = useRef(0);
  const paramsKey = JSON.stringify(params ?? {});
  const stableParams = useMemo(() => JSON.parse(paramsKey) as QueryParams, [paramsKey]);
  // Options of another source or other params no longer apply.
  const origin = `${source}?${paramsKey}`;
  const state = loaded.origin === origin ? loaded : { ...EMPTY, origin };

  const load = useCallback(
    (query: string, page: number) => {
      const request = ++latest.current;
      setState((current) => ({
        ...(page === 1 || current.origin !== origin ? { ...EMPTY, origin, query } : current),
        loading: true,
        failed: false,
      }));
      fetchOptionsPage(source, query, page, stableParams).then(
        (result) => {
          if (request !== latest.current) return;
          setState((current) => ({
            origin,
            query,
            options: page === 1 ? result.options : [...current.options, ...result.options],
            nextPage: page + 1,
            more: result.more,
            loading: false,
            failed: false,
          }));
        },
        () => {
          if (request !== latest.current) return;
          setState((current) => ({ ...current, loading: false, failed: true, more: false }));
        },
      );
    },
    [source, stableParams, origin],
  );

  // §9: the search waits 250 ms after the last keystroke; the first page loads when the menu opens.
  useEffect(() => {
    if (!open) return;
    const query = input.trim();
    if (query === state.query && (state.options.length > 0 || state.loading)) return;
    const timer = setTimeout(
      () => load(query, 1),
      query === '' && state.query === '' ? 0 : SEARCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
    // state is read for the "already loaded" check only; a change of it must not reschedule.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, input, load]);

  const loadMore = () => {
    if (!state.loading && state.more && !state.failed && state.options.length > 0) {
      load(state.query, state.nextPage);
    }
  };
  const loadingFirst = state.loading && state.options.length === 0;

  return (
    <CacheProvider value={emotionCache()}>
      <Select<SelectOption, false>
        inputId={inputId}
        instanceId={inputId}
        classNamePrefix="app-select"
        value={value}
        onChange={(option) => onChange(option ?? null)}
        onBlur={onBlur}
        inputValue={input}
        onInputChange={(text, meta) => {
          if (meta.action === 'input-change') setInput(text);
          else if (meta.action === 'menu-close' || meta.action === 'set-value') setInput('');
        }}
        options={state.options}
        getOptionValue={(option) => String(option.id)}
        getOptionLabel={(option) => option.text}
        // The source searched already.
        filterOption={null}
        isLoading={loadingFirst}
        isDisabled={disabled}
        isClearable={clearable}
        placeholder={placeholder}
        onMenuOpen={() => setOpen(true)}
        onMenuClose={() => setOpen(false)}
        noOptionsMessage={() => (state.failed ? SELECT_TEXTS.failed : SELECT_TEXTS.noResults)}
        loadingMessage={() => SELECT_TEXTS.searching}
        components={{ MenuList }}
        onNearEnd={loadMore}
        loadingMore={state.loading && !loadingFirst}
        required={required}
        aria-invalid={invalid || undefined}
        aria-errormessage={invalid ? describedBy : undefined}
        aria-describedby={describedBy}
        ariaLiveMessages={ARIA_MESSAGES}
        screenReaderStatus={screenReaderStatus}
        theme={bootstrapTheme}
        styles={stylesFor(invalid)}
        menuPlacement="auto"
      />
    </CacheProvider>
  );
}
