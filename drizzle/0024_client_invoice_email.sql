-- Issue 41 item 2: an e-mail for the client's invoices, kept by its managers in 'Dados da empresa';
-- the issue e-mail and the payment reminders also go there, besides the managers.
ALTER TABLE "gl_cliente" ADD COLUMN IF NOT EXISTS "email_fatura" text;