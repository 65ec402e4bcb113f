import { DATE_BOUNDS, formatDate, isIsoDate } from '@bizdash/shared';
import { CalendarDays } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { FieldShell, inputClasses } from './form-field';

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const DAY_MONTH_YEAR = /^(\d{1,2})\s+([a-z]{3,9})\.?,?\s+(\d{4})$/i;
const FORMAT_MESSAGE = 'Enter a date like 05 Jan 2026';

/** A day typed the way the app shows it ("5 Jan 2026", "05 January 2026") or as YYYY-MM-DD; null if none. */
function parseDay(text: string): string | null {
  const value = text.trim();
  if (isIsoDate(value)) return value;
  const [, day = '', monthName = '', year = ''] = DAY_MONTH_YEAR.exec(value) ?? [];
  const month = MONTHS.findIndex((name) => name.startsWith(monthName.toLowerCase())) + 1;
  if (!monthName || month === 0) return null;
  const iso = `${year}-${String(month).padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : null;
}

type Reading = { day: string } | { error: string };

/** What the typed text means: a day within [min, max] ('' for none), or what is wrong with it. */
function readDay(text: string, min: string, max: string): Reading {
  if (!text.trim()) return { day: '' };
  const day = parseDay(text);
  if (!day) return { error: FORMAT_MESSAGE };
  if (day < min || day > max) return { error: `Choose a day from ${formatDate(min)} to ${formatDate(max)}` };
  return { day };
}

interface DateFieldProps {
  label: string;
  /** The chosen day as YYYY-MM-DD; '' for none. */
  value: string;
  onChange: (day: string) => void;
  /** The earliest and latest day that may be chosen (YYYY-MM-DD); DATE_BOUNDS by default. */
  min?: string | undefined;
  max?: string | undefined;
}

/**
 * The text of a day field: what is being typed, or the value formatted. A readable day within [min, max] is
 * handed on as soon as it is typed; what is wrong with the text is said when the field is left.
 */
function useDayText(value: string, onChange: (day: string) => void, min: string, max: string) {
  const input = useRef<HTMLInputElement>(null);
  /** The text being typed; null shows the value itself, formatted. */
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const committed = useRef(value);

  // The day changed elsewhere (Clear filters, Back): show it rather than what was typed before. While the field is
  // being typed in, a new value is the address catching up with what was typed, which must not undo the typing.
  useEffect(() => {
    if (document.activeElement === input.current) return;
    committed.current = value;
    setDraft(null);
    setError(undefined);
  }, [value]);

  // Compared with the last day handed on, not with `value`: the address (and so `value`) may not have caught up.
  const commit = (day: string) => {
    if (day === committed.current) return;
    committed.current = day;
    onChange(day);
  };
  const show = (text: string | null, problem?: string) => {
    setDraft(text);
    setError(problem);
  };
  return {
    input,
    text: draft ?? (value ? formatDate(value) : ''),
    error,
    type: (text: string) => {
      show(text);
      const reading = readDay(text, min, max);
      if ('day' in reading) commit(reading.day);
    },
    leave: () => {
      if (draft === null) return;
      const reading = readDay(draft, min, max);
      if ('day' in reading) show(null);
      else show(draft, reading.error);
    },
    pick: (day: string) => {
      show(null);
      commit(day);
    },
  };
}

/**
 * A day shown as the app shows dates (05 Jan 2026), whatever the browser's locale: a native date input shows
 * its own format (01/05/2026 in the US). It can be typed, or picked on the browser's own calendar.
 */
export function DateField({
  label,
  value,
  onChange,
  min = DATE_BOUNDS.min,
  max = DATE_BOUNDS.max,
}: DateFieldProps) {
  const id = useId();
  const picker = useRef<HTMLInputElement>(null);
  const { input, text, error, type, leave, pick } = useDayText(value, onChange, min, max);
  const openCalendar = () => {
    try {
      picker.current?.showPicker();
    } catch {
      // No calendar in this browser (or not now): typing still works.
      input.current?.focus();
    }
  };

  return (
    <FieldShell id={id} label={label} error={error} className="min-w-0">
      <div className="relative">
        <input
          ref={input}
          id={id}
          type="text"
          autoComplete="off"
          placeholder="DD MMM YYYY"
          value={text}
          onChange={(event) => type(event.target.value)}
          onBlur={leave}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={cn(inputClasses(Boolean(error)), 'pr-11')}
        />
        {/* The browser's calendar, opened by the button; it sits under the field so the calendar opens there. */}
        <input
          ref={picker}
          type="date"
          tabIndex={-1}
          aria-hidden="true"
          value={value}
          min={min}
          max={max}
          onChange={(event) => pick(event.target.value)}
          className="pointer-events-none absolute inset-0 opacity-0"
        />
        <button
          type="button"
          onClick={openCalendar}
          aria-label={`Open calendar for ${label}`}
          className="absolute inset-y-0 right-1 my-auto flex size-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          <CalendarDays className="size-4" aria-hidden="true" />
        </button>
      </div>
    </FieldShell>
  );
}
