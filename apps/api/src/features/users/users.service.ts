import {
  type ApiKeyDetails,
  type AppInput,
  roleCan,
  type UpdateCompanyDetailsRequest,
  type UpdateProfileRequest,
  type UpdateUserRequest,
  type User,
  uuidField,
} from '@bizdash/shared';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { Actor, AppDeps } from '../../types.ts';
import { type BusinessAuditContext, changedFields, recordAuditEvent } from '../audit/index.ts';
import {
  type AppChanges,
  type CompanyDetailsChanges,
  findOwnedUser,
  lockUserById,
  type ProfileChanges,
  updateOwnedUser,
} from './users.repository.ts';
import { companyDetailsFromWire } from './users.wire.ts';

export const USER_NOT_FOUND = 'User not found';

export type UsersDeps = Pick<AppDeps, 'database' | 'userSections'>;

/**
 * The `apiKey` section as a member whose role cannot manage API keys reads it (issue 23 §2): no key, no signing
 * secret, no webhook, nothing that tells whether or when one was made.
 */
const withoutKeys = (details: ApiKeyDetails): ApiKeyDetails => ({
  apiKey: null,
  webhookUrl: null,
  webhookSecret: null,
  createdAt: null,
  lastUsedAt: null,
  previousKeyExpiresAt: null,
  keyRollOverlapHours: details.keyRollOverlapHours,
  previousWebhookSecretExpiresAt: null,
  webhookDisabledReason: null,
});

/**
 * The acting user (the merchant, or the app the request named): who it is, its wallets, banks and settings; an
 * API key reads no key or signing secret in it; a member whose role lacks developers.manage reads no key section,
 * one whose role lacks money.read no settlement accounts.
 */
export async function getUser(deps: UsersDeps, actor: Actor): Promise<User> {
  const { ownerId, actingUserId, via, role } = actor;
  const user = await deps.userSections.findOwnedUser(ownerId, actingUserId, via);
  if (!user) throw notFound(USER_NOT_FOUND);
  return {
    ...user,
    apiKey: role === null || roleCan(role, 'developers.manage') ? user.apiKey : withoutKeys(user.apiKey),
    // Settlement accounts are money.read's, as GET /api/bank/accounts is.
    banks: role === null || roleCan(role, 'money.read') ? user.banks : [],
  };
}

/**
 * A user id named by the caller (user_id header, path or body) must be the caller or one of its apps: the signed-in
 * scope's one ownership check (plugins/auth.ts). The header is not validated before it, hence the id's own check.
 */
export async function assertOwnedUser(db: Db, ownerId: string, userId: string): Promise<void> {
  if (userId === ownerId) return;
  if (!uuidField.safeParse(userId).success || !(await findOwnedUser(db, ownerId, userId)))
    throw notFound(USER_NOT_FOUND);
}

const EMAIL_NOT_EDITABLE = 'Email cannot be changed here. It is the address you sign in with.';
const BUSINESS_NAME_NOT_EDITABLE = 'Company Name cannot be changed. Contact support to change it.';
const COUNTRY_NOT_EDITABLE = 'Country of Business cannot be changed. Contact support to change it.';

async function savedUser(db: Db, { ownerId, actingUserId }: Actor) {
  const user = await findOwnedUser(db, ownerId, actingUserId);
  if (!user) throw notFound(USER_NOT_FOUND);
  return user;
}

/**
 * Saves a user's changed fields and, last in the same transaction, which of them changed (before and after) to the
 * audit trail as `settings.changed` of `area`; nothing is recorded when nothing changed.
 */
async function saveAudited(
  db: Db,
  actor: Actor,
  changes: ProfileChanges | CompanyDetailsChanges | AppChanges,
  area: 'profile' | 'company' | 'app',
  audit: BusinessAuditContext,
) {
  await db.transaction(async (tx) => {
    const before = await lockUserById(tx, actor.actingUserId);
    if (!before || !(await updateOwnedUser(tx, actor.ownerId, actor.actingUserId, changes)))
      throw notFound(USER_NOT_FOUND);
    const change = changedFields(before, { ...changes });
    if (!change) return;
    await recordAuditEvent(tx, {
      ...audit,
      action: 'settings.changed',
      target: { type: 'user', id: actor.actingUserId },
      details: { area, userId: actor.actingUserId, ...change },
    });
  });
}

/** First name, last name and phone; the email is the sign-in name and must come back as it is. */
export async function updateProfile(
  deps: UsersDeps,
  actor: Actor,
  body: UpdateProfileRequest,
  audit: BusinessAuditContext,
): Promise<User> {
  const db = deps.database.db;
  const user = await savedUser(db, actor);
  if (body.email !== user.email.toLowerCase()) throw badRequest(EMAIL_NOT_EDITABLE);
  const { firstName, lastName, phoneNumber } = body;
  await saveAudited(db, actor, { firstName, lastName, phoneNumber }, 'profile', audit);
  return getUser(deps, actor);
}

/** Stores a remote image as one of the owner's files and answers its URL (the files feature's importRemoteImage). */
export type ImportRemoteImage = (input: { ownerId: string; url: string }) => Promise<string>;

const ONLY_APPS_RENAMED =
  'Only an app is renamed here. Send the company details to change the business description.';

/**
 * PUT /api/users/{userId}: the company details of the merchant or an app, or an app's own name and description
 * (the app's businessName is its name, SPEC section 4).
 */
export async function updateUser(
  deps: UsersDeps,
  actor: Actor,
  body: UpdateUserRequest,
  importRemoteImage: ImportRemoteImage,
  isOwnFileUrl: (url: string) => boolean,
  audit: BusinessAuditContext,
): Promise<User> {
  if ('name' in body) await updateApp(deps.database.db, actor, body, audit);
  else await updateCompanyDetails(deps.database.db, actor, body, importRemoteImage, isOwnFileUrl, audit);
  return getUser(deps, actor);
}

async function updateApp(db: Db, actor: Actor, body: AppInput, audit: BusinessAuditContext) {
  const user = await savedUser(db, actor);
  if (!user.isApp) throw badRequest(ONLY_APPS_RENAMED);
  if (user.archivedAt) throw notFound(USER_NOT_FOUND);
  const changes = { businessName: body.name, businessDescription: body.description };
  await saveAudited(db, actor, changes, 'app', audit);
}

/**
 * Description, checkout logo and who pays the fee. Company name and country are fixed after sign-up (SPEC
 * section 6), so a changed one is refused rather than silently ignored. A logo URL that is not already ours is
 * fetched once and stored as our own file, so the public checkout page never loads a third-party host.
 */
async function updateCompanyDetails(
  db: Db,
  actor: Actor,
  body: UpdateCompanyDetailsRequest,
  importRemoteImage: ImportRemoteImage,
  isOwnFileUrl: (url: string) => boolean,
  audit: BusinessAuditContext,
): Promise<void> {
  const user = await savedUser(db, actor);
  if (body.businessName !== user.businessName.trim()) throw badRequest(BUSINESS_NAME_NOT_EDITABLE);
  if (body.countryOfBusiness !== user.countryOfBusiness.trim()) throw badRequest(COUNTRY_NOT_EDITABLE);
  const changes = companyDetailsFromWire(body);
  const logo = changes.checkoutLogoUrl;
  if (logo && logo !== user.checkoutLogoUrl && !isOwnFileUrl(logo)) {
    changes.checkoutLogoUrl = await importRemoteImage({ ownerId: actor.ownerId, url: logo });
  }
  await saveAudited(db, actor, changes, 'company', audit);
}
