import { SearchX } from 'lucide-react';
import { Button } from './button';
import { EmptyState } from './empty-state';

interface PastLastPageProps {
  /** What the list holds, as the sentence names it: 'Your products', 'These transactions'. */
  subject: string;
  totalPages: number;
  onFirstPage: () => void;
}

/** A page number beyond the list (an old link, rows deleted since): say so and offer the way back. */
export function PastLastPage({ subject, totalPages, onFirstPage }: PastLastPageProps) {
  return (
    <EmptyState
      icon={SearchX}
      title="This page is past the last one"
      description={`${subject} fill ${totalPages} ${totalPages === 1 ? 'page' : 'pages'}.`}
      action={<Button onClick={onFirstPage}>Go to the first page</Button>}
    />
  );
}
