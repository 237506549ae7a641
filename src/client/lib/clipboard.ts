import { notify } from './notices';

/**
 * Copies a text for the person (recovery keys, a secret, a PIX code) and says how it went: the
 * clipboard may be refused (permissions, an insecure page), then they select it themselves.
 */
export async function copyText(
  text: string,
  messages: { copied: string; failed: string },
): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notify('success', messages.copied);
  } catch {
    notify('danger', messages.failed);
  }
}
