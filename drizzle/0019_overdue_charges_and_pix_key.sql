-- Issue 39: late charges per payment account (decision 110), and one account per PIX key unless
-- staff confirm a shared one. Accounts already sharing a key keep working: all but the oldest
-- holder are marked as confirmed, as staff set them up that way.
ALTER TABLE "pg_conta" ADD COLUMN IF NOT EXISTS "pix_chave_compartilhada" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pg_conta" ADD COLUMN IF NOT EXISTS "multa_percentual" numeric(5, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "pg_conta" ADD COLUMN IF NOT EXISTS "juros_mensal_percentual" numeric(5, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
UPDATE "pg_conta" c SET "pix_chave_compartilhada" = true
  WHERE c."pix_chave" IS NOT NULL
    AND EXISTS (SELECT 1 FROM "pg_conta" o WHERE o."pix_chave" = c."pix_chave" AND o."id" < c."id");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "pg_conta_pix_chave_uq" ON "pg_conta" USING btree ("pix_chave") WHERE pix_chave is not null and not pix_chave_compartilhada;--> statement-breakpoint
ALTER TABLE "pg_conta" ADD CONSTRAINT "pg_conta_multa_ck" CHECK ("pg_conta"."multa_percentual" >= 0 and "pg_conta"."multa_percentual" <= 2);--> statement-breakpoint
ALTER TABLE "pg_conta" ADD CONSTRAINT "pg_conta_juros_ck" CHECK ("pg_conta"."juros_mensal_percentual" >= 0 and "pg_conta"."juros_mensal_percentual" <= 1);
