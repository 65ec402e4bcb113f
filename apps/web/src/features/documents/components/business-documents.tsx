import {
  type BusinessDocument,
  DOCUMENT_LABELS,
  DOCUMENT_NAMES,
  type DocumentName,
  formatFileSize,
  OPTIONAL_DOCUMENTS,
} from '@bizdash/shared';
import { Download, FileText, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { QueryErrorState } from '@/components/ui/error-state';
import { Modal } from '@/components/ui/modal';
import { SectionCard } from '@/components/ui/section-card';
import { Spinner } from '@/components/ui/spinner';
import { useBusinessId } from '@/lib/acting-profile';
import { downloadDocument, useDeleteDocuments, useDocuments, useUploadDocuments } from '../api/documents';
import { DocumentDropzone } from './document-dropzone';

/** A slot's heading: the document's name as people say it, and whether it may be left out. */
const slotLabel = (name: DocumentName) =>
  OPTIONAL_DOCUMENTS.includes(name) ? `${DOCUMENT_LABELS[name]} (optional)` : DOCUMENT_LABELS[name];

const displayName = (document: BusinessDocument) =>
  document.originalFileName || document.derivedFileName || 'Unknown';

function DocumentRow({
  userId,
  document,
  onDelete,
}: {
  userId: string;
  document: BusinessDocument;
  onDelete: () => void;
}) {
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 px-3 py-2">
      <FileText aria-hidden className="size-5 shrink-0 text-slate-500" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900">{displayName(document)}</p>
        <p className="text-xs text-slate-500">
          {DOCUMENT_LABELS[document.documentName]} · {formatFileSize(document.size)}
        </p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Download ${displayName(document)}`}
        onClick={() => void downloadDocument(userId, document.id)}
      >
        <Download aria-hidden className="size-4" />
      </Button>
      <Button variant="danger" size="sm" aria-label={`Delete ${displayName(document)}`} onClick={onDelete}>
        <Trash2 aria-hidden className="size-4" />
      </Button>
    </li>
  );
}

function Documents({ userId }: { userId: string }) {
  const documents = useDocuments(userId);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadingName, setUploadingName] = useState<DocumentName | null>(null);
  const [toDelete, setToDelete] = useState<BusinessDocument | null>(null);
  const upload = useUploadDocuments(userId, setProgress);
  const remove = useDeleteDocuments(userId, () => setToDelete(null));

  if (documents.isPending) return <Spinner label="Loading documents" />;
  if (documents.isError) return <QueryErrorState query={documents} />;

  return (
    <>
      <ul className="grid gap-4 md:grid-cols-2">
        {DOCUMENT_NAMES.map((name) => {
          const own = documents.data.documents.filter((document) => document.documentName === name);
          return (
            <li key={name} className="flex flex-col gap-2">
              <h3 className="text-sm font-semibold text-slate-800">{slotLabel(name)}</h3>
              {own.length > 0 ? (
                <ul className="flex flex-col gap-2">
                  {own.map((document) => (
                    <DocumentRow
                      userId={userId}
                      key={document.id}
                      document={document}
                      onDelete={() => setToDelete(document)}
                    />
                  ))}
                </ul>
              ) : (
                <DocumentDropzone
                  label={slotLabel(name)}
                  disabled={upload.isPending}
                  progress={uploadingName === name ? progress : null}
                  onFiles={(files) => {
                    setUploadingName(name);
                    upload.mutate(
                      { documentName: name, files },
                      {
                        onSettled: () => {
                          setUploadingName(null);
                          setProgress(null);
                        },
                      },
                    );
                  }}
                />
              )}
            </li>
          );
        })}
      </ul>
      <Modal
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setToDelete(null);
        }}
        title="Delete document?"
        footer={
          <>
            <Button variant="secondary" onClick={() => setToDelete(null)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button
              variant="danger"
              pending={remove.isPending}
              onClick={() =>
                toDelete &&
                remove.mutate([
                  { derivedFileName: toDelete.derivedFileName, originalFileName: toDelete.originalFileName },
                ])
              }
            >
              Delete document
            </Button>
          </>
        }
      >
        {toDelete ? (
          <p className="text-sm text-slate-700">
            <strong className="font-semibold text-slate-900">{displayName(toDelete)}</strong> will be deleted
            permanently.
          </p>
        ) : null}
      </Modal>
    </>
  );
}

/** The merchant's business documents: one slot per document name of SPEC section 3. */
export function BusinessDocuments() {
  const userId = useBusinessId();
  return (
    <SectionCard
      title="Business Documents"
      description="Upload your business documents: PNG, JPG or PDF files up to 10MB each."
    >
      {userId ? <Documents userId={userId} /> : null}
    </SectionCard>
  );
}
