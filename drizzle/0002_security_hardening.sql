ALTER TABLE "gl_sessao" ADD COLUMN "datahora_reautenticado" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gl_usuario" ADD COLUMN "senha_temporaria_expira" timestamp with time zone;