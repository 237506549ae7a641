ALTER TABLE "pg_conta" ADD COLUMN "pix_chave_tipo" text;--> statement-breakpoint
ALTER TABLE "pg_conta" ADD COLUMN "pix_chave" text;--> statement-breakpoint
ALTER TABLE "pg_conta" ADD COLUMN "pix_nome" varchar(25);--> statement-breakpoint
ALTER TABLE "pg_conta" ADD COLUMN "pix_cidade" varchar(15);--> statement-breakpoint
ALTER TABLE "pg_conta" ADD CONSTRAINT "pg_conta_pix_ck" CHECK (("pg_conta"."pix_chave" is null and "pg_conta"."pix_chave_tipo" is null) or ("pg_conta"."pix_chave" is not null and "pg_conta"."pix_chave_tipo" in ('cpf', 'cnpj', 'email', 'telefone', 'aleatoria') and "pg_conta"."pix_nome" is not null and "pg_conta"."pix_cidade" is not null));