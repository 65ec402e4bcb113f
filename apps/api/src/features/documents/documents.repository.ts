import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { businessDocuments } from '../../db/schema/documents.ts';

export async function listDocuments(db: DbOrTx, userId: string) {
  return db
    .select()
    .from(businessDocuments)
    .where(eq(businessDocuments.userId, userId))
    .orderBy(desc(businessDocuments.createdAt), desc(businessDocuments.id));
}

export async function findOwnedDocument(db: DbOrTx, userId: string, documentId: string) {
  const [row] = await db
    .select()
    .from(businessDocuments)
    .where(and(eq(businessDocuments.userId, userId), eq(businessDocuments.id, documentId)))
    .limit(1);
  return row ?? null;
}

export async function findOwnedDocumentsByDerivedName(
  db: DbOrTx,
  userId: string,
  derivedFileNames: string[],
) {
  return db
    .select()
    .from(businessDocuments)
    .where(
      and(eq(businessDocuments.userId, userId), inArray(businessDocuments.derivedFileName, derivedFileNames)),
    );
}

export async function insertDocument(
  db: DbOrTx,
  row: { userId: string; fileId: string; documentName: string; derivedFileName: string },
) {
  const [inserted] = await db.insert(businessDocuments).values(row).returning();
  if (!inserted) throw new Error('Document insert returned no row');
  return inserted;
}
