import { useState } from 'react';
import { CopyButton } from '@/components/ui/copy-button';
import { SegmentedControl } from '@/components/ui/segmented-control';
import type { PreparedRequest } from '../request-draft';
import { API_KEY_VARIABLE, type SnippetLanguage, snippetFor } from '../snippets';

const LANGUAGES: readonly { value: SnippetLanguage; label: string }[] = [
  { value: 'curl', label: 'curl' },
  { value: 'node', label: 'Node (fetch)' },
  { value: 'python', label: 'Python (requests)' },
];

interface SnippetTabsProps {
  serverUrl: string;
  request: PreparedRequest;
  signedIn: boolean;
  acceptsApiKey: boolean;
}

/** The request as curl, Node or Python, following the form as it is filled in; the key stays in the environment. */
export function SnippetTabs({ serverUrl, request, signedIn, acceptsApiKey }: SnippetTabsProps) {
  const [language, setLanguage] = useState<SnippetLanguage>('curl');
  const label = LANGUAGES.find((option) => option.value === language)?.label ?? language;
  const snippet = snippetFor(language, { serverUrl, request, signedIn });
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-start justify-between gap-2">
        <SegmentedControl legend="Copy as" options={LANGUAGES} value={language} onChange={setLanguage} />
        <CopyButton value={snippet} label={`${label} snippet`} className="mt-1" />
      </div>
      <div>
        {/* Focusable, so a keyboard can scroll a long snippet. */}
        <section
          aria-label={`${label} snippet`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
          tabIndex={0}
          className="max-h-96 overflow-auto rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          <pre data-testid="snippet" className="font-mono text-xs whitespace-pre text-slate-900">
            {snippet}
          </pre>
        </section>
      </div>
      {signedIn ? (
        <p className="text-xs text-slate-600">
          Set <code className="font-mono">{API_KEY_VARIABLE}</code> to an API key from Developer Settings; the
          snippet never holds your key or this session.
          {acceptsApiKey
            ? null
            : ' This operation is for the dashboard only: an API key gets 401 API_KEY_NOT_ALLOWED.'}
        </p>
      ) : (
        <p className="text-xs text-slate-600">This operation is public: it takes no key.</p>
      )}
    </div>
  );
}
