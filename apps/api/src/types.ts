import type { Permission, TeamRole, User } from '@bizdash/shared';
import type { FastifyInstance, FastifyPluginAsync, HTTPMethods } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { LiveNotices } from './features/live/live.service.ts';
import type { JobRunner } from './jobs/job-runner.ts';
import type { LeaseBook } from './jobs/lease-book.ts';
import type { ScheduledJob } from './jobs/schedule.repository.ts';
import type { Keys } from './lib/keys.ts';
import type { SecretBox } from './lib/secret-box.ts';
import type { TokenService } from './lib/tokens.ts';
import type { IdempotencyStore } from './plugins/idempotency.ts';
import type { RateLimits } from './plugins/rate-limit.ts';
import type { BankDirectoryProvider } from './providers/bank-directory/bank-directory-provider.ts';
import type { BankLinkProvider } from './providers/bank-link/bank-link-provider.ts';
import type { EmailService } from './providers/email/email-service.ts';
import type { FxRatesProvider } from './providers/fx-rates/fx-rates-provider.ts';
import type { IdentityProvider } from './providers/identity/identity-provider.ts';
import type { PaymentsProvider } from './providers/payments/payments-provider.ts';
import type { PayoutRailProvider } from './providers/payout-rail/payout-rail-provider.ts';
import type { StorageProvider } from './providers/storage/storage-provider.ts';

/** Token versions this process has read (features/users/token-versions.ts). */
export interface TokenVersions {
  /** The user's current token version; null when there is no such user. */
  current(userId: string): Promise<number | null>;
  /** This process changed the user's version and committed: the next request must not wait for the notice. */
  forget(userId: string): void;
  close(): Promise<void>;
}

/** A person's place in the business of the user a request names (features/team). */
export interface Membership {
  /** The business (a merchant's user row) the named user belongs to. */
  businessId: string;
  role: TeamRole;
  requireTwoFactor: boolean;
}

/** Memberships this process has read (features/team/memberships.ts). */
export interface Memberships {
  /** The person's role in the business of the user a request names; null when they are not a member of it. */
  find(personId: string, userId: string): Promise<Membership | null>;
  /** This process changed the business's team (or its two-factor rule) and committed: read it again. */
  forget(businessId: string): void;
  close(): Promise<void>;
}

/**
 * The User of GET /api/users/{id} with what it shows of rows other features own: its settlement accounts (banks)
 * and its API key with its webhook (api-keys, without secrets for an API key's request), read in one statement
 * (ADR 064). Composed in user-sections.ts, so that users, which every feature reads, imports none of them.
 */
export interface UserSections {
  /** The owner itself or one of its apps, as that one request reads it; null for anyone else's. */
  findOwnedUser(ownerId: string, userId: string, via: Actor['via']): Promise<User | null>;
}

/** What every feature may use; built once in buildApp and handed to route registrars. */
export interface AppDeps {
  config: Config;
  database: Database;
  tokens: TokenService;
  /** Token versions this process has read, forgotten when one changes (features/users/token-versions.ts). */
  tokenVersions: TokenVersions;
  /** Who may act for which business as what, as this process read it, forgotten when a team changes. */
  memberships: Memberships;
  /** The User with what it shows that banks and api-keys own (UserSections). */
  userSections: UserSections;
  email: EmailService;
  payments: PaymentsProvider;
  /** The identity (KYC) provider: its widget and its signed callbacks (providers/identity). */
  identity: IdentityProvider;
  /** Where uploaded files' bytes live (providers/storage); what they are is in the files table. */
  storage: StorageProvider;
  /** Mid rates for currency conversion (providers/fx-rates); the house's spread and fee are features/fx's. */
  fxRates: FxRatesProvider;
  /** The bank rail payouts travel on (providers/payout-rail). */
  payoutRail: PayoutRailProvider;
  /** Name enquiry for NGN settlement accounts (providers/bank-directory). */
  bankDirectory: BankDirectoryProvider;
  /** The hosted bank link for USD settlement accounts, and its signed callbacks (providers/bank-link). */
  bankLink: BankLinkProvider;
  /** True while any provider is a sandbox (see providers/registry.ts). */
  testMode: boolean;
  rateLimits: RateLimits;
  /** The event pipeline and scheduled jobs (jobs/job-runner.ts). */
  jobs: JobRunner;
  /** The leases this process holds, let go of when it stops before its work is done (jobs/lease-book.ts). */
  leases: LeaseBook;
  /** This process's one LISTEN for the database's change notices, fanned out to the dashboards' streams. */
  live: LiveNotices;
  /** Idempotency-Key handling for every endpoint that moves money (plugins/idempotency.ts). */
  idempotency: IdempotencyStore;
  /** Keys derived from the instance secret, one per purpose: keyed hashes and signed tokens (lib/keys.ts). */
  keys: Keys;
  /** Encrypts secrets kept in the database (two-factor secrets, bank account numbers); lib/secret-box.ts. */
  secretBox: SecretBox;
}

/** Every feature's routes are registered the same way: built from the app's services, mounted at a prefix. */
export type FeaturePlugin = (deps: AppDeps) => FastifyPluginAsync;

/**
 * A feature's scheduled jobs, exported from its face and listed in app.ts (registering routes schedules nothing).
 * `app` is the root instance: a sandbox's job sends its callbacks through the app's own routes.
 */
export type FeatureJobs = (deps: AppDeps, app: FastifyInstance) => ScheduledJob[];

/** Who acts in a signed-in request (see plugins/auth.ts). */
export interface Actor {
  /** The business acted for: the merchant account the key belongs to, or the one the person is a member of. */
  ownerId: string;
  /** The merchant itself or one of its apps, as the request named it; always owned by ownerId. */
  actingUserId: string;
  via: 'session' | 'api_key';
  /** The signed-in person (their own account's id); null for an API key. */
  personId: string | null;
  /** The person's role in the business; null for an API key, whose reach is API_KEY_PERMISSIONS. */
  role: TeamRole | null;
  /** The API key the request was made with, by its prefix (`bzk_test_AbCd`, never the secret); null for a session. */
  apiKeyPrefix: string | null;
}

/**
 * What a signed-in route needs (issue 23 §2, docs/permissions.md): a permission of the matrix, any member of the
 * business (`member`), or the person's own account (`self`: password, two-factor, sessions, their memberships).
 */
export type RoutePermission = Permission | 'member' | 'self';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * About the person rather than the business's server (password, two-factor, sessions, API keys, apps): an API
     * key is refused with 401 API_KEY_NOT_ALLOWED (plugins/auth.ts). Declared by the route itself, and only there.
     */
    dashboardOnly?: boolean;
    /** What the route needs, checked by the signed-in scope once the actor is known (plugins/auth.ts). */
    permission?: RoutePermission;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyInstance {
    /** Shared services; routes receive them explicitly, tests and scripts read them here. */
    deps: AppDeps;
    /** Every route of the signed-in scope, as registered (the OpenAPI document and the route-walk test read it). */
    signedInRoutes: {
      method: HTTPMethods | HTTPMethods[];
      url: string;
      dashboardOnly: boolean;
      permission: RoutePermission | undefined;
    }[];
  }
}
