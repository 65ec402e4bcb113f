import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type EmptyDatabase,
  emptyDatabase,
  migrationsFolder,
  withMigrationsBefore,
} from './migrations-before.ts';

describe('migration 0031: every payment made before it gets its customer', () => {
  let database: EmptyDatabase;
  const ada = randomUUID();
  const bola = randomUUID();

  beforeAll(async () => {
    database = await emptyDatabase();
    await withMigrationsBefore('0031_customers', (before) => database.migrate(before));
    const user = (id: string, email: string) =>
      `insert into users (id, email, first_name, last_name, phone_number, business_name, country_of_business)
       values ('${id}', '${email}', 'Ada', 'Obi', '+2348012345678', 'Shop ${email}', 'Nigeria');`;
    let n = 0;
    const payment = (userId: string, name: string, email: string, at: string) => {
      n += 1;
      return `insert into checkout_payments (reference, product_id, user_id, transaction_id, idempotency_key,
          request_hash, quantity, unit_amount, subtotal, fee, customer_total, merchant_net, currency, fee_bearer,
          customer_name, customer_email, card_brand, card_last4, provider, created_at)
        values ('BZD-${n}', '${randomUUID()}', '${userId}', '${randomUUID()}', 'key-${n}', 'hash', 1, 1000, 1000,
          15, 1000, 985, 'NGN', 'MERCHANT', '${name}', '${email}', 'VISA', '4242', 'sandbox', '${at}');`;
    };
    await database.query(`
      ${user(ada, 'ada@shop.test')}
      ${user(bola, 'bola@shop.test')}
      -- The payments' products and transactions are beside the point here: their foreign keys are not checked.
      set session_replication_role = replica;
      ${payment(ada, 'Chioma E', 'Chioma@Example.com', '2026-11-01T10:00:00Z')}
      ${payment(ada, 'Chioma Eze', 'chioma@example.com', '2026-11-03T10:00:00Z')}
      ${payment(ada, 'Chi', 'CHIOMA@EXAMPLE.COM', '2026-11-02T10:00:00Z')}
      ${payment(ada, 'Tunde', 'tunde@example.com', '2026-11-02T12:00:00Z')}
      ${payment(bola, 'Chioma at Bola', 'chioma@example.com', '2026-11-04T10:00:00Z')}
      set session_replication_role = origin;
    `);
    await database.migrate(migrationsFolder);
  });
  afterAll(() => database.close());

  it('makes one customer per merchant and email in any case, named as at the latest payment, first paid at the first', async () => {
    const customers = await database.query<{
      user_id: string;
      email: string;
      name: string;
      created_at: Date;
    }>(
      `select user_id, email, name, created_at from customers order by user_id = '${ada}' desc, lower(email)`,
    );
    expect(customers.map(({ user_id, email, name }) => ({ user_id, email, name }))).toEqual([
      { user_id: ada, email: 'chioma@example.com', name: 'Chioma Eze' },
      { user_id: ada, email: 'tunde@example.com', name: 'Tunde' },
      { user_id: bola, email: 'chioma@example.com', name: 'Chioma at Bola' },
    ]);
    expect(new Date(customers[0]?.created_at ?? 0).toISOString()).toBe('2026-11-01T10:00:00.000Z');
  });

  it('names the customer on every payment, and a payment cannot stand without one', async () => {
    const payments = await database.query<{ reference: string; email: string; user_id: string }>(
      `select p.reference, c.email, c.user_id from checkout_payments p join customers c on c.id = p.customer_id
       order by p.reference`,
    );
    expect(payments).toEqual([
      { reference: 'BZD-1', email: 'chioma@example.com', user_id: ada },
      { reference: 'BZD-2', email: 'chioma@example.com', user_id: ada },
      { reference: 'BZD-3', email: 'chioma@example.com', user_id: ada },
      { reference: 'BZD-4', email: 'tunde@example.com', user_id: ada },
      { reference: 'BZD-5', email: 'chioma@example.com', user_id: bola },
    ]);
    const [column] = await database.query<{ is_nullable: string }>(
      `select is_nullable from information_schema.columns
       where table_name = 'checkout_payments' and column_name = 'customer_id'`,
    );
    expect(column?.is_nullable).toBe('NO');
    await expect(
      database.query(
        `insert into customers (user_id, email, name) values ('${ada}', 'TUNDE@example.com', 'T')`,
      ),
    ).rejects.toThrow(/customers_user_email_unique/);
  });
});
