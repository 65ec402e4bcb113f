import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { businessDocuments, files } from '../../db/schema/files.ts';

const documentColumns = {
  id: businessDocuments.id,
  documentName: businessDocuments.documentName,
  derivedFileName: businessDocuments.derivedFileName,
  createdAt: businessDocuments.createdAt,
  fileId: files.id,
  storageKey: files.storageKey,
  originalName: files.originalName,
  size: files.size,
  contentType: files.contentType,
};

export async function listDocuments(db: DbOrTx, userId: string) {
  return db
    .select(documentColumns)
    .from(businessDocuments)
    .innerJoin(files, eq(files.id, businessDocuments.fileId))
    .where(eq(businessDocuments.userId, userId))
    .orderBy(desc(businessDocuments.createdAt), desc(businessDocuments.id));
}

export async function findDocument(db: DbOrTx, userId: string, documentId: string) {
  const [row] = await db
    .select(documentColumns)
    .from(businessDocuments)
    .innerJoin(files, eq(files.id, businessDocuments.fileId))
    .where(and(eq(businessDocuments.userId, userId), eq(businessDocuments.id, documentId)))
    .limit(1);
  return row ?? null;
}

export async function insertDocument(
  db: DbOrTx,
  row: { userId: string; fileId: string; documentName: string; derivedFileName: string },
) {
  const [inserted] = await db.insert(businessDocuments).values(row).returning();
  if (!inserted) throw new Error('Document insert returned no row');
  return inserted;
}

/** Deleting the file rows cascades to their documents. */
export async function deleteDocumentsByDerivedName(db: DbOrTx, userId: string, derivedFileNames: string[]) {
  const rows = await db
    .select(documentColumns)
    .from(businessDocuments)
    .innerJoin(files, eq(files.id, businessDocuments.fileId))
    .where(
      and(eq(businessDocuments.userId, userId), inArray(businessDocuments.derivedFileName, derivedFileNames)),
    );
  if (rows.length > 0) {
    await db.delete(files).where(
      and(
        eq(files.ownerId, userId),
        inArray(
          files.id,
          rows.map((row) => row.fileId),
        ),
      ),
    );
  }
  return rows;
}
