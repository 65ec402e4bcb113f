import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/testing/mocks/db';
import { buildDocument, failNextDocumentsCall, refuseNextUpload } from '@/testing/mocks/handlers/documents';
import { renderApp } from '@/testing/render';
import { signIn } from '@/testing/session';

const section = () => screen.findByRole('region', { name: 'Business Documents' });
const pdf = (name: string, size = 2048) =>
  new File([new Uint8Array(size)], name, { type: 'application/pdf' });
const dropInput = (label: string) =>
  screen.getByLabelText(`Upload Document: ${label}`).querySelector('input[type=file]') as HTMLInputElement;

describe('BusinessDocuments on /settings/documents', () => {
  beforeEach(() => {
    signIn();
  });

  it('shows one slot per document name, each empty one offering Upload Document', async () => {
    renderApp('/settings/documents');
    const region = await section();
    for (const label of [
      'Articles of Incorporation',
      'Secretary of State Filing',
      'Business Tax ID Number',
      'Proof of Business Address',
      'Status Report (optional)',
    ]) {
      expect(await within(region).findByRole('heading', { name: label })).toBeInTheDocument();
    }
    expect(within(region).getAllByText('Upload Document')).toHaveLength(5);
  });

  it('shows an existing document with its name, its document name in words and its real size', async () => {
    db.documents = [buildDocument({ originalFileName: null, derivedFileName: 'derived.pdf', size: 342_016 })];
    renderApp('/settings/documents');
    expect(await screen.findByText('derived.pdf')).toBeInTheDocument();
    expect(screen.getByText('Articles of Incorporation · 334 KB')).toBeInTheDocument();
    expect(screen.queryByText(/articles_of_incorporation/)).not.toBeInTheDocument();
  });

  it('uploads a file and lists it', async () => {
    const user = userEvent.setup();
    renderApp('/settings/documents');
    await section();
    await screen.findAllByText('Upload Document');
    await user.upload(dropInput('Proof of Business Address'), pdf('lease.pdf'));
    expect(await screen.findByText('Documents uploaded successfully')).toBeInTheDocument();
    // jsdom's XMLHttpRequest drops a part's file name (browsers keep it: the e2e spec checks the name).
    expect(await screen.findByText('Proof of Business Address · 2 KB')).toBeInTheDocument();
  }, 20_000);

  it("refuses a file over 10MB with 'File should not be larger than 10MB'", async () => {
    const user = userEvent.setup();
    renderApp('/settings/documents');
    await screen.findAllByText('Upload Document');
    await user.upload(dropInput('Status Report (optional)'), pdf('huge.pdf', 10 * 1024 * 1024 + 1));
    expect(await screen.findByText('File should not be larger than 10MB')).toBeInTheDocument();
  });

  it('refuses a file of another type in words, not MIME types', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderApp('/settings/documents');
    await screen.findAllByText('Upload Document');
    await user.upload(
      dropInput('Status Report (optional)'),
      new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }),
    );
    expect(await screen.findByText('File type must be png, jpg, jpeg or pdf')).toBeInTheDocument();
    expect(screen.queryByText(/image\/png/)).not.toBeInTheDocument();
  });

  it("shows the server's sentence when storage is full", async () => {
    const full =
      'Your documents and images use all of your 200 MB of storage. Delete a document to upload another.';
    refuseNextUpload(413, full, 'STORAGE_QUOTA_EXCEEDED');
    const user = userEvent.setup();
    renderApp('/settings/documents');
    await screen.findAllByText('Upload Document');
    await user.upload(dropInput('Status Report (optional)'), pdf('report.pdf'));
    expect(await screen.findByText(full)).toBeInTheDocument();
  }, 20_000);

  it("says 'Unable to upload documents' when the upload fails", async () => {
    failNextDocumentsCall('upload');
    const user = userEvent.setup();
    renderApp('/settings/documents');
    await screen.findAllByText('Upload Document');
    await user.upload(dropInput('Status Report (optional)'), pdf('report.pdf'));
    expect(await screen.findByText('Unable to upload documents')).toBeInTheDocument();
  }, 20_000);

  it('deletes a document after confirmation', async () => {
    db.documents = [buildDocument({ originalFileName: 'articles.pdf' })];
    const user = userEvent.setup();
    renderApp('/settings/documents');
    await user.click(await screen.findByRole('button', { name: 'Delete articles.pdf' }));
    await user.click(await screen.findByRole('button', { name: 'Delete document' }));
    expect(await screen.findByText('Documents deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('articles.pdf')).not.toBeInTheDocument());
  });

  it("says 'Unable to delete documents' when the delete fails", async () => {
    db.documents = [buildDocument({ originalFileName: 'articles.pdf' })];
    failNextDocumentsCall('delete');
    const user = userEvent.setup();
    renderApp('/settings/documents');
    await user.click(await screen.findByRole('button', { name: 'Delete articles.pdf' }));
    await user.click(await screen.findByRole('button', { name: 'Delete document' }));
    expect(await screen.findByText('Unable to delete documents')).toBeInTheDocument();
  });
});
