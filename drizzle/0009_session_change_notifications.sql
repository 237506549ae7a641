-- Decision 094: every instance keeps session lookups in memory until a change to what the lookup
-- reads is announced on the channel 'sessao_alterada'. These triggers announce them, whoever
-- writes (another instance, a job, psql). Statement-level: one notice per statement, and PostgreSQL
-- folds identical notices of one transaction into one.
CREATE FUNCTION "notifica_sessao_alterada"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sessao_alterada', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A new session is in no instance's memory: inserts need no notice. The once-a-minute write of
-- the last-seen time and the idle expiry (datahora_ultimo_acesso, datahora_expira) is not
-- announced either: an instance that kept the older times reads the row again before it refuses
-- it as expired (session-store.ts).
CREATE TRIGGER "gl_sessao_alterada"
  AFTER UPDATE OF "token_hash", "gl_usuario_id", "gl_cliente_id", "gl_produto_id", "datahora_criado", "datahora_reautenticado" OR DELETE OR TRUNCATE
  ON "gl_sessao" FOR EACH STATEMENT EXECUTE FUNCTION "notifica_sessao_alterada"();
--> statement-breakpoint
CREATE TRIGGER "gl_usuario_sessao_alterada" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "gl_usuario" FOR EACH STATEMENT EXECUTE FUNCTION "notifica_sessao_alterada"();
--> statement-breakpoint
CREATE TRIGGER "gl_cliente_sessao_alterada" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "gl_cliente" FOR EACH STATEMENT EXECUTE FUNCTION "notifica_sessao_alterada"();
--> statement-breakpoint
CREATE TRIGGER "gl_cliente_usuario_sessao_alterada" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "gl_cliente_usuario" FOR EACH STATEMENT EXECUTE FUNCTION "notifica_sessao_alterada"();
--> statement-breakpoint
CREATE TRIGGER "gl_produto_sessao_alterada" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "gl_produto" FOR EACH STATEMENT EXECUTE FUNCTION "notifica_sessao_alterada"();
--> statement-breakpoint
CREATE TRIGGER "gl_contrato_sessao_alterada" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "gl_contrato" FOR EACH STATEMENT EXECUTE FUNCTION "notifica_sessao_alterada"();
--> statement-breakpoint
CREATE TRIGGER "gl_contrato_evento_sessao_alterada" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "gl_contrato_evento" FOR EACH STATEMENT EXECUTE FUNCTION "notifica_sessao_alterada"();
--> statement-breakpoint
CREATE TRIGGER "gl_plano_sessao_alterada" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "gl_plano" FOR EACH STATEMENT EXECUTE FUNCTION "notifica_sessao_alterada"();
--> statement-breakpoint
CREATE TRIGGER "gl_plano_pagamento_sessao_alterada" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "gl_plano_pagamento" FOR EACH STATEMENT EXECUTE FUNCTION "notifica_sessao_alterada"();
