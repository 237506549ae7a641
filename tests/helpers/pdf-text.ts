import { extractText, getDocumentProxy, getMeta } from 'unpdf';

/**
 * What a PDF says, read as a person's PDF reader would (pdf.js, through unpdf): its pages' text,
 * line by line, and its title. For tests of the documents the portal draws.
 */
export async function readPdf(bytes: Uint8Array): Promise<{ pages: number; lines: string[]; text: string; title: string | null }> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { totalPages, text } = await extractText(pdf, { mergePages: true });
  const { info } = await getMeta(pdf);
  const title = (info as { Title?: unknown }).Title;
  return {
    pages: totalPages,
    lines: text.split('\n').map((line) => line.trim()).filter(Boolean),
    text,
    title: typeof title === 'string' ? title : null,
  };
}
