import fs from 'node:fs';
import path from 'node:path';

/** The migrations' folders of a copy of the project (ROOT). */
export function migrationDirs(root: string) {
  const migrationsDir = path.join(root, 'server/db/migrations');
  return { migrationsDir, declaredMigrationsDir: path.join(migrationsDir, 'declared') };
}

export const tsFiles = (dir: string) => fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'index.ts');

/** The next free migration number over both folders, three digits ("073"). */
export function nextMigrationNumber(root: string): string {
  const { migrationsDir, declaredMigrationsDir } = migrationDirs(root);
  const numbers = [...tsFiles(migrationsDir), ...tsFiles(declaredMigrationsDir)]
    .map((f) => Number(/^(\d+)_/.exec(f)?.[1]))
    .filter((n) => Number.isFinite(n));
  return String(Math.max(0, ...numbers) + 1).padStart(3, '0');
}
