ALTER TABLE "gl_contrato_evento" ADD COLUMN "chave_idempotencia" text;--> statement-breakpoint
ALTER TABLE "gl_sessao" ADD COLUMN "datahora_reautenticado" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gl_usuario" ADD COLUMN "senha_temporaria_expira" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "gl_contrato_evento_idempotencia_uq" ON "gl_contrato_evento" USING btree ("gl_usuario_id","chave_idempotencia") WHERE chave_idempotencia is not null;