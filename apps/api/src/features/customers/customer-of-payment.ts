import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { preparedSql } from '../../db/prepared.ts';
import { customers } from '../../db/schema/customers.ts';

/** On the checkout's hot path: prepared once (ADR 018), not built and parsed again for every payment. */
const upsertCustomerQuery = preparedSql(
  'customers_upsert_of_payment',
  ['userId', 'email', 'name'],
  (p) => sql<{ id: string }>`
    insert into ${customers} (user_id, email, name)
    values (${p.userId}::uuid, ${p.email}::text, ${p.name}::text)
    on conflict (user_id, lower(email)) do update set name = excluded.name, updated_at = now()
    returning id`,
);

/**
 * The merchant's customer with this email (any case), made at their first payment and renamed as each new payment
 * names them, in the opening payment's transaction. One statement: two first payments of one new email at once
 * meet on the unique (user_id, lower(email)) index, and the second waits for the first and takes its row, so
 * neither makes a second customer nor fails.
 */
export async function customerOfPayment(
  tx: Tx,
  payment: { userId: string; email: string; name: string },
): Promise<string> {
  const [row] = await upsertCustomerQuery(tx, payment);
  if (!row) throw new Error('customer upsert returned nothing');
  return row.id;
}
