/**
 * The client's e-mail for invoices (issue 41 item 2) as one more recipient of its invoice e-mails,
 * greeted by the client's name; none when unset or already a manager's (no one gets a mail twice).
 */
export function invoiceEmailRecipient(
  emailFatura: string | null,
  razaoSocial: string,
  managers: readonly { email: string }[],
): { nome: string; email: string }[] {
  if (!emailFatura) return [];
  const address = emailFatura.toLowerCase();
  return managers.some((manager) => manager.email.toLowerCase() === address)
    ? []
    : [{ nome: razaoSocial, email: emailFatura }];
}
