import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { type FilePurpose, files } from '../../db/schema/files.ts';
import { ownedUserIds } from '../users/index.ts';

export interface NewFile {
  ownerId: string;
  purpose: FilePurpose;
  storageKey: string;
  contentType: string;
  size: number;
  originalName: string | null;
}

export async function insertFile(db: DbOrTx, file: NewFile) {
  const [row] = await db.insert(files).values(file).returning();
  if (!row) throw new Error('File insert returned no row');
  return row;
}

/** Any file by its random id: the public image route and a signed link's holder, which check its purpose. */
export async function findFileById(db: Db, id: string) {
  const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
  return row ?? null;
}

const storedFileColumns = {
  id: files.id,
  storageKey: files.storageKey,
  contentType: files.contentType,
  size: files.size,
  originalName: files.originalName,
  purpose: files.purpose,
  createdAt: files.createdAt,
};

/** The user's files among `fileIds` (another user's are left out). */
export async function findOwnedFiles(db: DbOrTx, userId: string, fileIds: string[]) {
  if (fileIds.length === 0) return [];
  return db
    .select(storedFileColumns)
    .from(files)
    .where(and(eq(files.ownerId, userId), inArray(files.id, fileIds)));
}

export type StoredFile = Awaited<ReturnType<typeof findOwnedFiles>>[number];

/** Deletes the user's files among `fileIds` (rows that point at them, such as documents, cascade). */
export async function deleteOwnedFiles(db: DbOrTx, userId: string, fileIds: string[]) {
  if (fileIds.length === 0) return [];
  return db
    .delete(files)
    .where(and(eq(files.ownerId, userId), inArray(files.id, fileIds)))
    .returning(storedFileColumns);
}

/** Deletes a user's files of one purpose except those kept; answers the deleted files' storage keys. */
export async function deleteOwnedFilesExcept(
  db: DbOrTx,
  userId: string,
  purpose: FilePurpose,
  keep: string[],
) {
  return db
    .delete(files)
    .where(and(eq(files.ownerId, userId), eq(files.purpose, purpose), notInArray(files.id, keep)))
    .returning({ storageKey: files.storageKey });
}

/** Until the transaction ends, no other upload of this merchant can count its storage (and take the last room). */
export async function lockMerchantStorage(tx: DbOrTx, merchantId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`file-storage:${merchantId}`}, 0))`);
}

/** Bytes the merchant's files and its apps' files take, from the files table. */
export async function storageUsedBy(db: DbOrTx, merchantId: string): Promise<number> {
  const [row] = await db
    .select({ used: sql<string>`coalesce(sum(${files.size}), 0)` })
    .from(files)
    .where(inArray(files.ownerId, ownedUserIds(db, merchantId)));
  return Number(row?.used ?? 0);
}
