import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { customers } from '../../db/schema/customers.ts';

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
  const result = (await tx.execute(sql`
    insert into ${customers} (user_id, email, name)
    values (${payment.userId}, ${payment.email}, ${payment.name})
    on conflict (user_id, lower(email)) do update set name = excluded.name, updated_at = now()
    returning id`)) as unknown as { rows: { id: string }[] };
  const id = result.rows[0]?.id;
  if (!id) throw new Error('customer upsert returned nothing');
  return id;
}
