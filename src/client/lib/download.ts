/**
 * Offers `text` as a file download (recovery keys, the billing history): a link to a Blob and an
 * object URL, clicked. A download, not a script, so the CSP has nothing to say about it.
 */
export function downloadText(fileName: string, text: string, type = 'text/plain;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
