CREATE INDEX "gl_email_saida_datahora_criado_idx" ON "gl_email_saida" USING btree ("datahora_criado");--> statement-breakpoint
CREATE INDEX "gl_email_saida_destinatario_idx" ON "gl_email_saida" USING btree (lower("destinatario"));--> statement-breakpoint
CREATE INDEX "gl_usuario_senha_token_datahora_expira_idx" ON "gl_usuario_senha_token" USING btree ("datahora_expira");