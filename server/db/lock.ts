import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite allows one process per data directory; a second one would corrupt it.
 * We hold an exclusive lock file with our pid, and treat a lock whose pid is
 * gone as stale.
 */
export class DataDirLockedError extends Error {}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'ride-admin.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        fs.rmSync(lockPath, { force: true });
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const holder = Number(fs.readFileSync(lockPath, 'utf8'));
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && processAlive(holder)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another process (pid ${holder}). ` +
            'Stop that process, or set DATA_DIR to another directory.',
        );
      }
      fs.rmSync(lockPath, { force: true }); // stale lock from a process that died
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}`);
}
