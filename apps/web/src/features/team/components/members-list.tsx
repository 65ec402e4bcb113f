import type { TeamMember } from '@bizdash/shared';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { DataTable, tableCellClasses } from '@/components/ui/data-table';
import { useUserId } from '@/lib/credentials';
import { relativeTime } from '../roles';
import { MemberRole, memberName, RemoveMember } from './member-actions';

const COLUMNS = ['Name', 'Email', 'Role', 'Two-factor', 'Last active', 'Actions'] as const;
const COLUMN_CLASSES: Record<(typeof COLUMNS)[number], string> = {
  Name: 'text-left',
  Email: 'text-left',
  Role: 'text-left w-44',
  'Two-factor': 'text-left w-28',
  'Last active': 'text-left w-36',
  Actions: 'text-right w-28',
};

function TwoFactorState({ on }: { on: boolean }) {
  return on ? (
    <span className="inline-flex items-center gap-1.5 text-emerald-800">
      <ShieldCheck className="size-4" aria-hidden="true" /> On
    </span>
  ) : (
    <span className="inline-flex items-center gap-1.5 text-slate-600">
      <ShieldOff className="size-4" aria-hidden="true" /> Off
    </span>
  );
}

const lastActive = (member: TeamMember) =>
  member.lastActiveAt ? relativeTime(member.lastActiveAt) : 'Never';

/** The team: a table on wide screens, a card per member on narrow ones. */
export function MembersList({ members }: { members: TeamMember[] }) {
  const personId = useUserId();
  return (
    <>
      <div className="hidden overflow-visible md:block">
        <DataTable
          caption="Team members"
          columns={COLUMNS}
          columnClasses={COLUMN_CLASSES}
          unlabelled={['Actions']}
        >
          {members.map((member) => {
            const isSelf = member.id === personId;
            return (
              <tr key={member.id} data-testid="member-row">
                <td className={`${tableCellClasses} font-medium text-slate-900`}>
                  {memberName(member)}
                  {isSelf ? <span className="ml-1.5 text-xs font-normal text-slate-500">(you)</span> : null}
                </td>
                <td className={`${tableCellClasses} break-all text-slate-700`}>{member.email}</td>
                <td className={tableCellClasses}>
                  <MemberRole member={member} isSelf={isSelf} />
                </td>
                <td className={tableCellClasses}>
                  <TwoFactorState on={member.twoFactorEnabled} />
                </td>
                <td className={`${tableCellClasses} text-slate-700`}>{lastActive(member)}</td>
                <td className={`${tableCellClasses} text-right`}>
                  <RemoveMember member={member} isSelf={isSelf} />
                </td>
              </tr>
            );
          })}
        </DataTable>
      </div>
      <ul className="divide-y divide-slate-100 md:hidden" aria-label="Team members">
        {members.map((member) => {
          const isSelf = member.id === personId;
          return (
            <li key={member.id} className="flex flex-col gap-2 px-4 py-4" data-testid="member-card">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  {memberName(member)}
                  {isSelf ? <span className="ml-1.5 text-xs font-normal text-slate-500">(you)</span> : null}
                </p>
                <p className="break-all text-sm text-slate-600">{member.email}</p>
              </div>
              <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
                <MemberRole member={member} isSelf={isSelf} />
                <TwoFactorState on={member.twoFactorEnabled} />
                <span className="text-slate-600">
                  {member.lastActiveAt ? `Active ${lastActive(member).toLowerCase()}` : 'Not active yet'}
                </span>
              </div>
              <div>
                <RemoveMember member={member} isSelf={isSelf} />
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
