-- ILIKE '%q%' searches of the staff lists (issue 37): trigram indexes need pg_trgm (PGlite loads it too).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "gl_cliente_razao_social_idx" ON "gl_cliente" USING btree ("razao_social","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "gl_cliente_razao_social_trgm_idx" ON "gl_cliente" USING gin ("razao_social" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "gl_cliente_nome_fantasia_trgm_idx" ON "gl_cliente" USING gin ("nome_fantasia" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "gl_cliente_cpfcnpj_trgm_idx" ON "gl_cliente" USING gin ("cpfcnpj" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "gl_cliente_email_trgm_idx" ON "gl_cliente" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "gl_usuario_nome_idx" ON "gl_usuario" USING btree ("nome","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "gl_usuario_nome_trgm_idx" ON "gl_usuario" USING gin ("nome" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "gl_usuario_email_trgm_idx" ON "gl_usuario" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "gl_usuario_apelido_trgm_idx" ON "gl_usuario" USING gin ("apelido" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pg_fatura_vencimento_idx" ON "pg_fatura" USING btree ("data_vencimento" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pg_fatura_servico_discriminacao_trgm_idx" ON "pg_fatura" USING gin ("servico_discriminacao" gin_trgm_ops);