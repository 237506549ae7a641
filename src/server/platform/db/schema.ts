/**
 * The one pg-core schema of the whole product (docs/architecture.md): the import point of every
 * query, of the database's drizzle instance and of drizzle-kit (drizzle.config.ts).
 *
 * Names are the specification's Portuguese wire names: tables keep its gl_ (global) and pg_
 * (payment) prefixes and every TypeScript property equals its column name, so a row serialises to
 * the wire names with no mapping. Every table carries the audit block of §3 (id, datahora_criado,
 * datahora_modificado).
 *
 * The tables live in schema/, one file per area, named after the module that owns them
 * (decision 082); the column helpers and the storage conventions are in schema/columns.ts, the
 * relations of every table in schema/relations.ts. A file imports only the files of the tables
 * its foreign keys name, so the files form layers and never a cycle:
 *
 * 1. columns;
 * 2. geo, users, products, audit, mail, captcha, auth (no foreign key to another file);
 * 3. clients, plans, storage, twofa, security, recovery, privacy;
 * 4. session, contracts, oidc;
 * 5. invoices;
 * 6. billing, boleto;
 * 7. relations.
 *
 * Tables that name each other stay in one file. A new table goes in its owner's file (or a new
 * one, exported here); this file only re-exports.
 */
export * from './schema/geo.ts';
export * from './schema/users.ts';
export * from './schema/products.ts';
export * from './schema/audit.ts';
export * from './schema/mail.ts';
export * from './schema/captcha.ts';
export * from './schema/auth.ts';
export * from './schema/clients.ts';
export * from './schema/plans.ts';
export * from './schema/storage.ts';
export * from './schema/twofa.ts';
export * from './schema/security.ts';
export * from './schema/recovery.ts';
export * from './schema/privacy.ts';
export * from './schema/session.ts';
export * from './schema/contracts.ts';
export * from './schema/oidc.ts';
export * from './schema/invoices.ts';
export * from './schema/billing.ts';
export * from './schema/boleto.ts';
export * from './schema/relations.ts';
