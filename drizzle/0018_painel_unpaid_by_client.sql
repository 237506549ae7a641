-- A client's unpaid invoices, the next due first (issue 39): the Painel's summary sums and picks
-- from these alone, so its cost does not grow with the client's paid history.
CREATE INDEX IF NOT EXISTS "pg_fatura_a_pagar_cliente_idx" ON "pg_fatura" USING btree ("gl_cliente_id","data_vencimento","id") WHERE situacao in (5, 8);
