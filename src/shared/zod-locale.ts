/**
 * Sets zod's built-in messages to Brazilian Portuguese (locale pt-BR, spec §1) for every issue
 * our schemas do not word themselves (src/shared/fields.ts words the spec's §5 messages).
 * zod 4 ships this locale, so no custom map is needed. Import once for the side effect, before
 * any parsing, on the server and in the browser: `import '#shared/zod-locale';`.
 */
import { config } from 'zod';
// Named import from 'zod/locales' so the browser bundle carries pt-BR only, not every locale.
import { ptBR } from 'zod/locales';

config(ptBR());
