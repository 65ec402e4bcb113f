import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type FilePurpose, files, users } from '../../db/schema/index.ts';

export interface NewFile {
  ownerId: string;
  purpose: FilePurpose;
  storageKey: string;
  contentType: string;
  size: number;
  originalName: string | null;
}

export async function insertFile(db: Db, file: NewFile) {
  const [row] = await db.insert(files).values(file).returning();
  if (!row) throw new Error('File insert returned no row');
  return row;
}

export async function findFile(db: Db, id: string) {
  const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
  return row ?? null;
}

/** The profile photo is the user's own column; the caller has checked ownership. */
export async function setProfilePictureUrl(db: Db, userId: string, url: string) {
  await db.update(users).set({ profilePictureUrl: url }).where(eq(users.id, userId));
}
