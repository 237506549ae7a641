import { micromark } from 'micromark';

/**
 * Staff-written markdown (§2: a plan's details) as HTML, CommonMark without extensions. micromark
 * is safe by default: raw HTML in the text is escaped, not rendered, and links or images with a
 * dangerous protocol (javascript:, data:, ...) lose their address. It is react-markdown's own
 * parser without the syntax trees around it: a third of the bytes on the plans page (decision 090).
 */
export function markdownToHtml(text: string): string {
  return micromark(text);
}
