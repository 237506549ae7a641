/**
 * A file name's words from a text: no accents, lowercase, runs of anything else as one '-'
 * ('Empresa Demonstração Ltda.' → 'empresa-demonstracao-ltda'), at most `max` characters.
 */
export function fileNameWords(text: string, max = 60): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, max)
    .replace(/^-+|-+$/g, '');
}
