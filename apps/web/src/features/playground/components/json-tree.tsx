import { cn } from '@/lib/cn';

/** Objects and arrays this deep start open (a list's items and their fields); deeper ones start folded. */
const OPEN_DEPTH = 3;

function Scalar({ value }: { value: unknown }) {
  const className =
    typeof value === 'string'
      ? 'text-emerald-800'
      : typeof value === 'number'
        ? 'text-sky-800'
        : 'text-violet-800';
  return <span className={className}>{JSON.stringify(value)}</span>;
}

interface NodeProps {
  name?: string;
  value: unknown;
  depth: number;
  last: boolean;
}

function Key({ name }: { name: string | undefined }) {
  if (name === undefined) return null;
  return <span className="text-slate-700">{JSON.stringify(name)}: </span>;
}

function JsonNode({ name, value, depth, last }: NodeProps) {
  const comma = last ? '' : ',';
  if (typeof value !== 'object' || value === null) {
    return (
      <div>
        <Key name={name} />
        <Scalar value={value} />
        {comma}
      </div>
    );
  }
  const isArray = Array.isArray(value);
  const entries: [string | undefined, unknown][] = isArray
    ? value.map((item) => [undefined, item])
    : Object.entries(value);
  const [open, close] = isArray ? ['[', ']'] : ['{', '}'];
  if (entries.length === 0) {
    return (
      <div>
        <Key name={name} />
        {open}
        {close}
        {comma}
      </div>
    );
  }
  const count = `${entries.length} ${isArray ? (entries.length === 1 ? 'item' : 'items') : entries.length === 1 ? 'key' : 'keys'}`;
  return (
    <details open={depth < OPEN_DEPTH}>
      <summary className="cursor-pointer rounded-sm marker:text-slate-400 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700">
        <Key name={name} />
        {open}
        {/* What a folded node holds; hidden while its own details element is open (not an outer one's). */}
        <span className="text-slate-500 [details[open]>summary>&]:hidden">
          {' '}
          {count} {close}
          {comma}
        </span>
      </summary>
      <div className="ml-1.5 border-l border-slate-200 pl-4">
        {entries.map(([key, item], index) => (
          <JsonNode
            // Entries of one object or array keep their order; the index names them uniquely.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            {...(key === undefined ? {} : { name: key })}
            value={item}
            depth={depth + 1}
            last={index === entries.length - 1}
          />
        ))}
      </div>
      <div>
        {close}
        {comma}
      </div>
    </details>
  );
}

/** A JSON value laid out as pretty-printed JSON, each object and array folding open and closed. */
export function JsonTree({ value, className }: { value: unknown; className?: string }) {
  return (
    <div className={cn('font-mono text-xs leading-5 break-words whitespace-pre-wrap', className)}>
      <JsonNode value={value} depth={0} last />
    </div>
  );
}
