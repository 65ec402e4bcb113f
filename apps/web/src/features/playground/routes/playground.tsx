import { FileCode2, MousePointerClick } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { useActingApp, useActingBusiness, useActingUserId } from '@/lib/acting-profile';
import { useUserId } from '@/lib/credentials';
import { useFitsWidth } from '@/lib/use-fits-width';
import { useSearchParamUpdater } from '@/lib/use-search-param-updater';
import { useOpenApiDocument } from '../api/get-openapi-document';
import { type HistoryEntry, useCallHistory } from '../call-history';
import { CallHistoryCard } from '../components/call-history-card';
import { OperationPanel } from '../components/operation-panel';
import { OperationList, OperationSelect } from '../components/operation-picker';
import type { Operation } from '../openapi';

/** Below this width the operation list gives way to a select above the form. */
const LIST_BESIDE_FORM = 760;
const OPERATION_PARAM = 'operation';

function ActingNote() {
  const app = useActingApp();
  const business = useActingBusiness();
  const name = app?.name ?? business?.businessName;
  if (!name) return <>Requests are sent as you, with your session.</>;
  return (
    <>
      Requests are sent with your session, acting for <strong className="font-semibold">{name}</strong>.
    </>
  );
}

/** /playground: every operation of the served OpenAPI document, tried as the signed-in merchant. */
export function Component() {
  const reference = useOpenApiDocument();
  const [params, updateParams] = useSearchParamUpdater();
  const userId = useUserId();
  const actingUserId = useActingUserId();
  const history = useCallHistory(userId);
  const [replay, setReplay] = useState<{ nonce: number; entry: HistoryEntry } | null>(null);
  const { ref, wide } = useFitsWidth(LIST_BESIDE_FORM);

  const header = (
    <PageHeader
      title="API playground"
      description={
        <>
          Try any operation of the Bizdash API, then copy it as curl, Node or Python. <ActingNote />
        </>
      }
    />
  );
  if (reference.isPending) {
    return (
      <>
        {header}
        <PageSpinner />
      </>
    );
  }
  if (reference.isError) {
    return (
      <>
        {header}
        <QueryErrorState query={reference} />
      </>
    );
  }

  const { groups, byId, serverUrl } = reference.data;
  if (groups.length === 0) {
    return (
      <>
        {header}
        <EmptyState
          icon={FileCode2}
          title="No operations to try"
          description="The API reference lists no operations on this server."
        />
      </>
    );
  }

  const selectedId = params.get(OPERATION_PARAM);
  const operation = selectedId ? (byId.get(selectedId) ?? null) : null;
  const select = (operationId: string) => {
    setReplay(null);
    updateParams({ [OPERATION_PARAM]: operationId });
  };
  const hrefOf = (target: Operation) => `?${new URLSearchParams({ [OPERATION_PARAM]: target.id })}`;
  const replayEntry = (entry: HistoryEntry) => {
    if (!byId.has(entry.operationId)) return;
    setReplay({ nonce: Date.now(), entry });
    updateParams({ [OPERATION_PARAM]: entry.operationId });
  };
  const replayed = replay && operation && replay.entry.operationId === operation.id ? replay : null;
  const picker = { groups, selectedId: operation?.id ?? null, hrefOf, onSelect: select };

  return (
    <>
      {header}
      <div
        ref={ref}
        className={wide ? 'grid grid-cols-[17rem_minmax(0,1fr)] items-start gap-6' : 'flex flex-col gap-6'}
      >
        {wide ? <OperationList {...picker} /> : <OperationSelect {...picker} />}
        <div className="flex min-w-0 flex-col gap-6">
          {operation ? (
            <OperationPanel
              key={`${operation.id}:${replayed?.nonce ?? 'new'}`}
              operation={operation}
              serverUrl={serverUrl ?? window.location.origin}
              context={{ userId, actingUserId }}
              replayed={replayed?.entry.values ?? null}
              onSent={history.record}
            />
          ) : (
            <EmptyState
              icon={MousePointerClick}
              title="Choose an operation"
              description={`${byId.size} operations, grouped by what they work on. Its form, answer and code appear here.`}
            />
          )}
          <CallHistoryCard entries={history.entries} onReplay={replayEntry} onClear={history.clear} />
        </div>
      </div>
    </>
  );
}
