import type { Currency } from '@bizdash/shared';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { ConvertPanel } from '../components/convert-panel';

/** /convert (?from=USD starts from the Dollars wallet, as a wallet card's Convert link does). */
export function Component() {
  const [params] = useSearchParams();
  const from: Currency = params.get('from')?.toUpperCase() === 'USD' ? 'USD' : 'NGN';
  return (
    <>
      <PageHeader
        title="Convert"
        description="Move money between your Naira and Dollar wallets at a rate held for 30 seconds."
      />
      <ConvertPanel key={from} initialFrom={from} />
    </>
  );
}
