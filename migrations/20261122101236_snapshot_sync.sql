-- Snapshot sync, no schema change. Migrations 0002 and 0003 were written by hand while the areas
-- were built in parallel; drizzle-kit generated this entry to bring its snapshot level with them.
-- Its statements were the same as those files' (checked: identical sqlite_master), so they are
-- not repeated here. From now on `npm run db:generate` writes timestamp-prefixed migrations.
SELECT 1;
