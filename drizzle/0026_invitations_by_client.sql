-- The hourly cap on invitations counts one client's rows of the last hour (decision 114, amended).
CREATE INDEX "gl_cliente_convite_cliente_criado_idx" ON "gl_cliente_convite" USING btree ("gl_cliente_id","datahora_criado");
