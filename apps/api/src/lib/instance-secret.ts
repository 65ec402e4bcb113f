import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A secret of this installation: the configured value when there is one, otherwise one generated on first start and
 * kept in DATA_DIR (mode 0600), so what it protects survives restarts. Two processes starting at once agree on the
 * file the first one wrote.
 */
export async function resolveInstanceSecret(
  configured: string | undefined,
  dataDir: string,
  fileName: string,
): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, fileName);
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  // Written aside and linked into place: a process starting at the same moment never reads a half-written file.
  const draft = `${file}.${randomBytes(6).toString('hex')}`;
  await writeFile(draft, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  await link(draft, file)
    .catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    })
    .finally(() => unlink(draft));
  return (await readFile(file, 'utf8')).trim();
}
