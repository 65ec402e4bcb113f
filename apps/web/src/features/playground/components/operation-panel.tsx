import { useMutation } from '@tanstack/react-query';
import { Send, TriangleAlert } from 'lucide-react';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SectionCard } from '@/components/ui/section-card';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-error';
import { type PlaygroundResponse, sendRequest } from '../api/send-request';
import type { HistoryEntry } from '../call-history';
import type { Operation } from '../openapi';
import {
  type DraftContext,
  type FieldValue,
  type FormValues,
  fieldsOf,
  initialValues,
  type PreparedRequest,
  prepareRequest,
  restoredValues,
} from '../request-draft';
import { MethodBadge } from './method-badge';
import { RequestFields } from './request-form';
import { ResponseView } from './response-view';
import { SnippetTabs } from './snippet-tabs';

interface OperationPanelProps {
  operation: Operation;
  /** Where snippets send to: the document's server, else this page's origin. */
  serverUrl: string;
  context: DraftContext;
  /** A call from the history whose values fill the form. */
  replayed: HistoryEntry['values'] | null;
  onSent: (entry: Omit<HistoryEntry, 'values'> & { values: FormValues }) => void;
}

/** One operation: its form, Send (asking first when it moves money), the answer and the snippets. */
export function OperationPanel({ operation, serverUrl, context, replayed, onSent }: OperationPanelProps) {
  const fields = useMemo(() => fieldsOf(operation), [operation]);
  const [values, setValues] = useState<FormValues>(() =>
    replayed ? restoredValues(fields, replayed) : initialValues(operation, fields, context),
  );
  const [triedToSend, setTriedToSend] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { request, errors } = prepareRequest(operation, fields, values);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const send = useMutation<PlaygroundResponse, Error, { request: PreparedRequest; values: FormValues }>({
    mutationFn: ({ request: sent }) => {
      controller.current?.abort();
      controller.current = new AbortController();
      return sendRequest(sent, { signedIn: operation.signedIn, signal: controller.current.signal });
    },
    onSettled: (response, error, { request: sent, values: sentValues }) => {
      setConfirming(false);
      if (error instanceof DOMException && error.name === 'AbortError') return;
      onSent({
        id: crypto.randomUUID?.() ?? String(Date.now()),
        at: new Date().toISOString(),
        operationId: operation.id,
        method: sent.method,
        path: sent.path,
        status: response?.status ?? null,
        durationMs: response?.durationMs ?? null,
        values: sentValues,
      });
    },
  });

  const change = (key: string, value: FieldValue) => setValues((current) => ({ ...current, [key]: value }));
  const dispatch = () => send.mutate({ request, values });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTriedToSend(true);
    if (Object.keys(errors).length > 0) return;
    if (operation.movesMoney) setConfirming(true);
    else dispatch();
  }

  const idempotencyKey = request.headers.find(([name]) => name.toLowerCase() === 'idempotency-key')?.[1];
  return (
    <>
      <SectionCard
        title={operation.summary || `${operation.method} ${operation.path}`}
        description={
          <span className="flex flex-wrap items-center gap-2 font-mono text-xs break-all">
            <MethodBadge method={operation.method} />
            {operation.path}
          </span>
        }
      >
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6" aria-label="Request">
          {operation.movesMoney ? (
            <p className="flex gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              This moves money: you are asked before it is sent.
            </p>
          ) : null}
          <RequestFields
            fields={fields}
            values={values}
            errors={triedToSend ? errors : {}}
            onChange={change}
          />
          <div className="flex flex-wrap items-center gap-3">
            <Button
              type="submit"
              pending={send.isPending}
              icon={<Send className="size-4" aria-hidden="true" />}
            >
              Send request
            </Button>
            {triedToSend && Object.keys(errors).length > 0 ? (
              <p role="alert" className="text-sm text-red-700">
                Fill in the fields marked above first.
              </p>
            ) : null}
          </div>
        </form>
      </SectionCard>

      <SectionCard title="Response">
        <div aria-live="polite" aria-busy={send.isPending}>
          {send.isPending ? (
            <p className="flex items-center gap-2 text-sm text-slate-600">
              <Spinner className="size-4" /> Sending…
            </p>
          ) : send.error ? (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
              {errorMessage(send.error)}
            </p>
          ) : send.data ? (
            <ResponseView response={send.data} />
          ) : (
            <p className="text-sm text-slate-600">Send the request to see the answer here.</p>
          )}
        </div>
      </SectionCard>

      <SectionCard title="Copy as">
        <SnippetTabs
          serverUrl={serverUrl}
          request={request}
          signedIn={operation.signedIn}
          acceptsApiKey={operation.acceptsApiKey}
        />
      </SectionCard>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Send a request that moves money?"
        description={`${operation.method} ${request.path} moves money in your account.`}
        confirmLabel="Send it"
        onConfirm={dispatch}
        pending={send.isPending}
      >
        {idempotencyKey ? (
          <p className="text-sm text-slate-700">
            Idempotency-Key <code className="font-mono break-all">{idempotencyKey}</code>: sending it again
            with this key answers what the first did; use New key for a new call.
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
