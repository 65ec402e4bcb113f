import type { UserStatus } from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';

/** Merchants and their apps (an app is a user with isApp and a parent merchant). */
export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phoneNumber: text('phone_number').notNull(),
    businessName: text('business_name').notNull(),
    countryOfBusiness: text('country_of_business').notNull(),
    businessDescription: text('business_description'),
    chargeCheckoutFeeToCustomer: boolean('charge_checkout_fee_to_customer').notNull().default(false),
    checkoutLogoUrl: text('checkout_logo_url'),
    profilePictureUrl: text('profile_picture_url'),
    status: text('status').$type<UserStatus>().notNull().default('PENDING_KYC'),
    emailVerified: boolean('email_verified').notNull().default(false),
    isApp: boolean('is_app').notNull().default(false),
    parentUserId: uuid('parent_user_id').references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    /** Bumped at logout: tokens carrying an older version are refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** An app deleted after it held money or did anything: kept for its history, hidden, its keys refused. */
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
    /** The business asks every member to turn two-factor on before anything else (issue 23 §1). */
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_email_unique').on(sql`lower(${table.email})`),
    index('users_parent_user_id_idx').on(table.parentUserId),
  ],
);
