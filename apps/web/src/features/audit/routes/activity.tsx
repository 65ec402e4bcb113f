import { Download } from 'lucide-react';
import { useMemo } from 'react';
import { Button } from '@/components/ui/button';
import { RequirePermission } from '@/components/ui/permission-gate';
import { useExportAuditEvents } from '../api/export-audit-events';
import { useAuditPeople } from '../api/get-audit-events';
import type { PeopleById } from '../audit-text';
import { ActivityFilters } from '../components/activity-filters';
import { ActivityList } from '../components/activity-list';
import { useActivityParams } from '../use-activity-params';

/** Settings > Activity (owners and admins): who did what in the business, newest first, filtered and exported. */
function ActivityScreen() {
  const { filters, filtered, page, setFilters, clearFilters, setPage } = useActivityParams();
  const people = useAuditPeople();
  const exportCsv = useExportAuditEvents();
  const members = people.data ?? [];
  const byId: PeopleById = useMemo(
    () => new Map((people.data ?? []).map((member) => [member.id, member])),
    [people.data],
  );
  return (
    <section aria-labelledby="activity-heading">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="activity-heading" className="text-lg font-semibold text-slate-900">
            Activity
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Every sign-in, money movement and security change in your business, by whom and from where.
          </p>
        </div>
        <Button
          variant="secondary"
          icon={<Download className="size-4" aria-hidden="true" />}
          pending={exportCsv.isPending}
          onClick={() => exportCsv.mutate(filters)}
        >
          Export CSV
        </Button>
      </div>
      <ActivityFilters
        filters={filters}
        people={members}
        onChange={setFilters}
        onClear={clearFilters}
        filtered={filtered}
      />
      <ActivityList
        filters={filters}
        page={page}
        people={byId}
        onPageChange={setPage}
        onClearFilters={filtered ? clearFilters : undefined}
      />
    </section>
  );
}

/** Only owners and admins see the trail (audit.read); anyone else reaching the address is told who can. */
export function Component() {
  return (
    <RequirePermission permission="audit.read" title="Activity">
      <ActivityScreen />
    </RequirePermission>
  );
}
