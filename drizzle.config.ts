import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the one pg-core schema and committed (`npm run db:generate`).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './drizzle',
});
