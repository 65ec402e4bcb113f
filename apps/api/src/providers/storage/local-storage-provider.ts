import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertStorageKey, type StorageProvider } from './storage-provider.ts';

/** Files under one directory of this machine: right for a single API process (see README, Storage). */
export function createLocalStorageProvider(directory: string): StorageProvider {
  const ready = mkdir(directory, { recursive: true });
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return path.join(directory, key);
  };
  return {
    name: 'local',
    async put(key, body) {
      await ready;
      const target = pathOf(key);
      // Written aside, then renamed: a reader never sees half a file.
      const partial = path.join(directory, `.partial-${randomUUID()}`);
      try {
        await writeFile(partial, Buffer.isBuffer(body) ? body : body.stream, { mode: 0o600 });
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async get(key) {
      await ready;
      const target = pathOf(key);
      try {
        await stat(target);
      } catch {
        return null;
      }
      return createReadStream(target);
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
