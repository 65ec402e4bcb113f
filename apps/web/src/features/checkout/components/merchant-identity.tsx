import { initials } from '@bizdash/shared';
import { useState } from 'react';
import { cn } from '@/lib/cn';
import { usePageOrigin } from '../page-origin';

/** Only this site's own files or inline images: the checkout never loads anything from another host. */
function isSafeLogoUrl(url: string | null | undefined, pageOrigin: string): url is string {
  if (!url) return false;
  if (/^\/(?![/\\])/.test(url) || /^data:image\//i.test(url)) return true;
  // Stored files are named by their absolute URL on this site (PUBLIC_URL).
  return URL.canParse(url) && new URL(url).origin === pageOrigin;
}

/** 'Chiamaka Crafts Ltd' -> 'CC': the first letters of the first two words. */
function businessInitials(businessName: string): string {
  const [first, second] = businessName.trim().split(/\s+/);
  return initials(first, second) || '?';
}

interface MerchantIdentityProps {
  businessName: string;
  logoUrl?: string | null | undefined;
  className?: string;
}

/** Who the customer is paying: the merchant's logo (or a monogram drawn here) and business name. */
export function MerchantIdentity({ businessName, logoUrl, className }: MerchantIdentityProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const pageOrigin = usePageOrigin();
  const showLogo = isSafeLogoUrl(logoUrl, pageOrigin) && failedUrl !== logoUrl;
  return (
    <div className={cn('flex min-w-0 items-center gap-3', className)} data-testid="merchant-identity">
      {showLogo ? (
        <img
          src={logoUrl}
          alt=""
          className="size-11 shrink-0 rounded-xl bg-white object-contain ring-1 ring-slate-900/10"
          onError={() => setFailedUrl(logoUrl)}
        />
      ) : (
        <span
          aria-hidden="true"
          data-testid="merchant-monogram"
          className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-brand-600 to-brand-900 text-base font-semibold tracking-wide text-white shadow-sm"
        >
          {businessInitials(businessName)}
        </span>
      )}
      <p className="min-w-0 truncate text-base font-semibold text-slate-900" title={businessName}>
        {businessName}
      </p>
    </div>
  );
}
