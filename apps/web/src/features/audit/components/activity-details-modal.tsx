import { type AuditEvent, formatDateTime } from '@bizdash/shared';
import type { ReactNode } from 'react';
import { CopyButton } from '@/components/ui/copy-button';
import { DescriptionList } from '@/components/ui/description-list';
import { Modal } from '@/components/ui/modal';
import { actionLabel, humanize, type PeopleById, personOf } from '../audit-text';
import { DetailsDiff, fieldLabel, valueText } from './details-diff';
import { OutcomeBadge } from './outcome-badge';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-6 border-t border-slate-100 pt-5">
      <h3 className="mb-3 text-sm font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

/** Everything one entry of the trail holds: who, what, from where, the change it made and its place in the chain. */
function EntryDetails({ event, people }: { event: AuditEvent; people: PeopleById }) {
  const person = personOf(event, people);
  const { before, after, ...rest } = event.details;
  const hasChange = 'before' in event.details || 'after' in event.details;
  const otherDetails = Object.entries(rest);
  return (
    <>
      <DescriptionList
        items={[
          {
            label: 'When',
            value: <time dateTime={event.occurredAt}>{formatDateTime(event.occurredAt)}</time>,
          },
          { label: 'Outcome', value: <OutcomeBadge outcome={event.outcome} /> },
          {
            label: 'Person',
            value: (
              <>
                {person.name}
                {person.email ? (
                  <span className="block font-normal text-slate-600">{person.email}</span>
                ) : null}
              </>
            ),
          },
          { label: 'Action', value: actionLabel(event) },
          {
            label: 'Target',
            value: event.target ? (
              <>
                {humanize(event.target.type)}
                <span className="block font-mono text-xs font-normal break-all text-slate-600">
                  {event.target.id}
                </span>
              </>
            ) : null,
          },
          { label: 'IP address', value: event.ip ? <span className="font-mono">{event.ip}</span> : null },
          { label: 'Device', value: event.device },
          { label: 'User agent', value: event.userAgent, wide: true, testId: 'audit-user-agent' },
        ]}
      />
      {hasChange ? (
        <Section title="Change">
          <DetailsDiff before={before} after={after} />
        </Section>
      ) : null}
      {otherDetails.length > 0 ? (
        <Section title="Details">
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[minmax(0,10rem)_minmax(0,1fr)]">
            {otherDetails.map(([key, value]) => (
              <div key={key} className="contents">
                <dt className="text-sm text-slate-600">{fieldLabel(key)}</dt>
                <dd className="font-mono text-xs break-all text-slate-900 sm:pt-0.5">{valueText(value)}</dd>
              </div>
            ))}
          </dl>
        </Section>
      ) : null}
      <Section title="Chain">
        <p className="text-sm text-slate-600">
          Entry #{event.sequence}. Its hash covers the entry and the one before it, so an edit anywhere shows.
        </p>
        <div className="mt-2 flex items-start gap-1">
          <code
            className="min-w-0 flex-1 font-mono text-xs break-all text-slate-900"
            data-testid="audit-hash"
          >
            {event.hash}
          </code>
          <CopyButton value={event.hash} label="hash" />
        </div>
      </Section>
    </>
  );
}

interface ActivityDetailsModalProps {
  event: AuditEvent | null;
  people: PeopleById;
  onClose: () => void;
}

/** The details of the entry clicked in the Activity list. */
export function ActivityDetailsModal({ event, people, onClose }: ActivityDetailsModalProps) {
  return (
    <Modal
      open={event !== null}
      onOpenChange={(open) => !open && onClose()}
      title={event ? actionLabel(event) : 'Activity'}
      className="max-w-2xl"
    >
      {event ? <EntryDetails event={event} people={people} /> : null}
    </Modal>
  );
}
