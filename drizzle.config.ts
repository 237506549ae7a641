import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the one pg-core schema and committed (`npm run db:generate`).
// schema.ts re-exports every file of src/server/platform/db/schema/: drizzle-kit reads the same tables the
// app does, so a file left out of it is missing from both, never from one.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/platform/db/schema.ts',
  out: './drizzle',
});
