/**
 * CEP lookup behind a provider interface (§7 POST /api/geo/cep; docs/decisions/021-cep-lookup.md).
 * Built in: an offline provider (Correios' CEP ranges: the state always, the city where the range
 * is one municipality's) and ViaCEP / BrasilAPI over HTTP, with a timeout, a cache, and the
 * offline answer when the service cannot be reached.
 */

/** What a provider knows of a CEP; empty strings for the unknown parts. */
interface CepFound {
  logradouro: string;
  bairro: string;
  /** The municipality by IBGE code, or by name within the state. */
  cidade: { ibge: number | null; nome: string | null };
  uf: string | null;
}

export interface CepProvider {
  readonly name: string;
  /** The CEP (8 digits); null when the CEP does not exist. Throws when the service fails. */
  lookup(cep: string): Promise<CepFound | null>;
}

// ---------------------------------------------------------------------------------------------
// Offline: Correios' CEP ranges (first five digits)

/** [first, last, UF] of each state's ranges. */
const STATE_RANGES: readonly (readonly [number, number, string])[] = [
  [1000, 19999, 'SP'],
  [20000, 28999, 'RJ'],
  [29000, 29999, 'ES'],
  [30000, 39999, 'MG'],
  [40000, 48999, 'BA'],
  [49000, 49999, 'SE'],
  [50000, 56999, 'PE'],
  [57000, 57999, 'AL'],
  [58000, 58999, 'PB'],
  [59000, 59999, 'RN'],
  [60000, 63999, 'CE'],
  [64000, 64999, 'PI'],
  [65000, 65999, 'MA'],
  [66000, 68899, 'PA'],
  [68900, 68999, 'AP'],
  [69000, 69299, 'AM'],
  [69300, 69399, 'RR'],
  [69400, 69899, 'AM'],
  [69900, 69999, 'AC'],
  [70000, 72799, 'DF'],
  [72800, 72999, 'GO'],
  [73000, 73699, 'DF'],
  [73700, 76799, 'GO'],
  [76800, 76999, 'RO'],
  [77000, 77999, 'TO'],
  [78000, 78899, 'MT'],
  [79000, 79999, 'MS'],
  [80000, 87999, 'PR'],
  [88000, 89999, 'SC'],
  [90000, 99999, 'RS'],
];

/** [first, last, UF, municipality] of the ranges that belong to one municipality (the capitals). */
const CITY_RANGES: readonly (readonly [number, number, string, string])[] = [
  [1000, 5999, 'SP', 'São Paulo'],
  [8000, 8499, 'SP', 'São Paulo'],
  [20000, 23799, 'RJ', 'Rio de Janeiro'],
  [29000, 29099, 'ES', 'Vitória'],
  [30000, 31999, 'MG', 'Belo Horizonte'],
  [40000, 42599, 'BA', 'Salvador'],
  [49000, 49099, 'SE', 'Aracaju'],
  [50000, 52999, 'PE', 'Recife'],
  [57000, 57099, 'AL', 'Maceió'],
  [58000, 58099, 'PB', 'João Pessoa'],
  [59000, 59139, 'RN', 'Natal'],
  [60000, 61599, 'CE', 'Fortaleza'],
  [64000, 64099, 'PI', 'Teresina'],
  [65000, 65109, 'MA', 'São Luís'],
  [66000, 66999, 'PA', 'Belém'],
  [68900, 68914, 'AP', 'Macapá'],
  [69000, 69099, 'AM', 'Manaus'],
  [69300, 69339, 'RR', 'Boa Vista'],
  [69900, 69923, 'AC', 'Rio Branco'],
  // The Federal District is one municipality: every DF range is Brasília.
  [70000, 72799, 'DF', 'Brasília'],
  [73000, 73699, 'DF', 'Brasília'],
  [74000, 74899, 'GO', 'Goiânia'],
  [76800, 76834, 'RO', 'Porto Velho'],
  [77000, 77299, 'TO', 'Palmas'],
  [78000, 78109, 'MT', 'Cuiabá'],
  [79000, 79124, 'MS', 'Campo Grande'],
  [80000, 82999, 'PR', 'Curitiba'],
  [88000, 88099, 'SC', 'Florianópolis'],
  [90000, 91999, 'RS', 'Porto Alegre'],
];

/** Works with no network: the state from the ranges, the city where a range is one municipality's. */
const offlineCepProvider: CepProvider = {
  name: 'offline',
  lookup(cep) {
    const prefix = Number(cep.slice(0, 5));
    const state = STATE_RANGES.find(([first, last]) => prefix >= first && prefix <= last);
    if (!state) return Promise.resolve(null);
    const city = CITY_RANGES.find(([first, last]) => prefix >= first && prefix <= last);
    return Promise.resolve({
      logradouro: '',
      bairro: '',
      cidade: { ibge: null, nome: city?.[3] ?? null },
      uf: state[2],
    });
  },
};

// ---------------------------------------------------------------------------------------------
// Online providers

async function getJson(url: string, timeoutMs: number): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
  if (response.status === 404 || response.status === 400) return { status: response.status, body: null };
  if (!response.ok) throw new Error(`CEP service answered ${response.status}`);
  return { status: response.status, body: (await response.json()) as unknown };
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** ViaCEP: GET {base}/ws/{cep}/json/ → {logradouro, bairro, localidade, uf, ibge} or {erro: true}. */
function viaCepProvider(baseUrl: string, timeoutMs: number): CepProvider {
  return {
    name: 'viacep',
    async lookup(cep) {
      const { body } = await getJson(`${baseUrl.replace(/\/$/, '')}/ws/${cep}/json/`, timeoutMs);
      if (!body || typeof body !== 'object' || 'erro' in body) return null;
      const data = body as Record<string, unknown>;
      const ibge = Number(text(data.ibge));
      return {
        logradouro: text(data.logradouro),
        bairro: text(data.bairro),
        cidade: { ibge: Number.isInteger(ibge) && ibge > 0 ? ibge : null, nome: text(data.localidade) || null },
        uf: text(data.uf) || null,
      };
    },
  };
}

/** BrasilAPI: GET {base}/api/cep/v1/{cep} → {street, neighborhood, city, state}; 404 when unknown. */
function brasilApiProvider(baseUrl: string, timeoutMs: number): CepProvider {
  return {
    name: 'brasilapi',
    async lookup(cep) {
      const { body } = await getJson(`${baseUrl.replace(/\/$/, '')}/api/cep/v1/${cep}`, timeoutMs);
      if (!body || typeof body !== 'object') return null;
      const data = body as Record<string, unknown>;
      return {
        logradouro: text(data.street),
        bairro: text(data.neighborhood),
        cidade: { ibge: null, nome: text(data.city) || null },
        uf: text(data.state) || null,
      };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Cache and fallback

interface WarnLog {
  warn(object: object, message: string): void;
}

/**
 * Wraps an online provider: answers (found and not found) are cached for `ttlMs`, at most
 * `maxEntries` of them (oldest out first); when the service fails or times out, the offline
 * answer is given instead and nothing is cached.
 */
function withCacheAndFallback(
  provider: CepProvider,
  options: { ttlMs: number; maxEntries: number; log: WarnLog; now?: () => number },
): CepProvider {
  const cache = new Map<string, { at: number; value: CepFound | null }>();
  const now = options.now ?? Date.now;
  return {
    name: provider.name,
    async lookup(cep) {
      const hit = cache.get(cep);
      if (hit && now() - hit.at < options.ttlMs) return hit.value;
      let value: CepFound | null;
      try {
        value = await provider.lookup(cep);
      } catch (error) {
        options.log.warn({ provider: provider.name, err: error instanceof Error ? error.message : String(error) }, 'CEP service failed; offline answer');
        return offlineCepProvider.lookup(cep);
      }
      cache.delete(cep);
      cache.set(cep, { at: now(), value });
      if (cache.size > options.maxEntries) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
      return value;
    },
  };
}

export interface CepConfig {
  CEP_PROVIDER: 'offline' | 'viacep' | 'brasilapi';
  CEP_API_URL?: string | undefined;
  CEP_TIMEOUT_MS: number;
}

const DEFAULT_URLS = { viacep: 'https://viacep.com.br', brasilapi: 'https://brasilapi.com.br' } as const;

export function createCepProvider(config: CepConfig, log: WarnLog): CepProvider {
  if (config.CEP_PROVIDER === 'offline') return offlineCepProvider;
  const baseUrl = config.CEP_API_URL ?? DEFAULT_URLS[config.CEP_PROVIDER];
  const online =
    config.CEP_PROVIDER === 'viacep'
      ? viaCepProvider(baseUrl, config.CEP_TIMEOUT_MS)
      : brasilApiProvider(baseUrl, config.CEP_TIMEOUT_MS);
  return withCacheAndFallback(online, { ttlMs: 24 * 3600_000, maxEntries: 5000, log });
}
