import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * The token an emailed link carries after `#token=` (the fragment never reaches a server log). It is read once
 * and then taken out of the address bar, so it does not stay on screen, in a screenshot or in the history.
 */
export function useLinkToken(): string {
  const { hash, pathname, search } = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => new URLSearchParams(hash.slice(1)).get('token') ?? '');
  useEffect(() => {
    if (hash) void navigate({ pathname, search }, { replace: true });
  }, [hash, pathname, search, navigate]);
  return token;
}
