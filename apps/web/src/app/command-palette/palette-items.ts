import {
  type Customer,
  formatDate,
  formatMoney,
  formatSignedMoney,
  type Payout,
  type Permission,
  type Product,
  type Transaction,
} from '@bizdash/shared';
import {
  ArrowLeftRight,
  Bell,
  Code,
  FlaskConical,
  Keyboard,
  type LucideIcon,
  Send,
  Settings,
  ShoppingBag,
  User,
  Webhook,
} from 'lucide-react';
import { SETTINGS_TABS } from '@/features/settings/routes/settings-layout';
import { NAV_ENTRIES } from '../layouts/nav-entries';

/** What an item is: a page, an action, or a record found through the API. */
export type PaletteItemKind = 'page' | 'action' | 'transaction' | 'product' | 'customer' | 'payout';

/** What choosing an action does beyond going somewhere: a dialog of its own, or a switch of profile. */
type PaletteCommand =
  | { type: 'create-product' }
  | { type: 'generate-api-key' }
  | { type: 'show-shortcuts' }
  | { type: 'switch'; run: () => void };

export interface PaletteItem {
  /** Stable across renders and visits: the recent list stores it. */
  id: string;
  kind: PaletteItemKind;
  label: string;
  /** The grey text on the right: where a page sits, a record's amount or email. */
  hint?: string;
  /** Other words it is found by ('api key' finds Developer Settings). */
  keywords?: string;
  icon: LucideIcon;
  /** Where choosing it goes, when it goes somewhere. */
  to?: string;
  command?: PaletteCommand;
}

interface PageEntry {
  label: string;
  path: string;
  icon: LucideIcon;
  hint?: string;
  keywords?: string;
  permission?: Permission;
}

const NAV_KEYWORDS: Record<string, string> = {
  '/dashboard': 'home overview balance',
  '/transactions': 'payments credits debits',
  '/payouts': 'withdraw transfer bank',
  '/accounts': 'wallets balances',
  '/convert': 'fx exchange currency',
  '/products': 'products payment links checkout',
  '/customers': 'buyers',
  '/disputes': 'chargebacks',
  '/settings': 'profile',
};

const SETTINGS_KEYWORDS: Record<string, string> = {
  '/settings/settlement-account': 'bank payout account',
  '/settings/documents': 'kyc verification',
  '/settings/security': 'password two-factor 2fa sign-ins',
  '/settings/developer-settings': 'api key webhooks',
  '/settings/team': 'members invite roles',
  '/settings/activity': 'audit log',
};

const SETTINGS = 'Settings';

/** Every signed-in page with its human name, as the sidebar and the settings tabs name them. */
const PAGES: readonly PageEntry[] = [
  ...NAV_ENTRIES.map(({ label, path, icon, permission }) => ({
    label,
    path,
    icon,
    permission,
    keywords: NAV_KEYWORDS[path],
  })),
  ...SETTINGS_TABS.filter((tab) => tab.to !== '/settings').map(({ label, to, permission }) => ({
    label,
    path: to,
    icon: Settings,
    hint: SETTINGS,
    permission,
    keywords: SETTINGS_KEYWORDS[to],
  })),
  { label: 'User Profile', path: '/settings', icon: User, hint: SETTINGS, keywords: 'name photo' },
  { label: 'Notifications', path: '/settings/notifications', icon: Bell, hint: SETTINGS, keywords: 'email' },
  {
    label: 'API keys',
    path: '/settings/developer-settings',
    icon: Code,
    hint: 'Developer Settings',
    permission: 'developers.manage',
  },
  {
    label: 'Webhooks',
    path: '/settings/developer-settings',
    icon: Webhook,
    hint: 'Developer Settings',
    keywords: 'deliveries events',
    permission: 'developers.manage',
  },
  { label: 'Playground', path: '/playground', icon: FlaskConical, keywords: 'api try' },
];

/** The pages the acting role may open. */
export function pageItems(can: (permission: Permission) => boolean): PaletteItem[] {
  return PAGES.filter((page) => !page.permission || can(page.permission)).map((page) => ({
    id: `page:${page.label}`,
    kind: 'page',
    label: page.label,
    hint: page.hint,
    keywords: page.keywords,
    icon: page.icon,
    to: page.path,
  }));
}

/** The actions that do not depend on data: each only for a role that may do it. */
export function staticActionItems(can: (permission: Permission) => boolean): PaletteItem[] {
  const actions: (PaletteItem & { permission?: Permission })[] = [
    {
      id: 'action:create-product',
      kind: 'action',
      label: 'Create product',
      keywords: 'add new payment link',
      icon: ShoppingBag,
      command: { type: 'create-product' },
      permission: 'products.manage',
    },
    {
      id: 'action:new-payout',
      kind: 'action',
      label: 'New payout',
      keywords: 'withdraw send money',
      icon: Send,
      to: '/payouts/new',
      permission: 'payouts.create',
    },
    {
      id: 'action:generate-api-key',
      kind: 'action',
      label: 'Generate API key',
      keywords: 'new roll developer',
      icon: Code,
      command: { type: 'generate-api-key' },
      permission: 'developers.manage',
    },
    {
      id: 'action:show-shortcuts',
      kind: 'action',
      label: 'Keyboard shortcuts',
      keywords: 'help keys',
      icon: Keyboard,
      command: { type: 'show-shortcuts' },
    },
  ];
  return actions
    .filter((action) => !action.permission || can(action.permission))
    .map(({ permission: _permission, ...item }) => item);
}

/** Whether every word typed appears in the item's name, hint or keywords (any case). */
export function matchesText(item: PaletteItem, text: string): boolean {
  const haystack = `${item.label} ${item.hint ?? ''} ${item.keywords ?? ''}`.toLowerCase();
  return text
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/** A transaction opens the transactions list narrowed to it (its id matches exactly one). */
export function transactionItem(transaction: Transaction): PaletteItem {
  const reference = transaction.orderReference ?? transaction.id;
  return {
    id: `transaction:${transaction.id}`,
    kind: 'transaction',
    label: transaction.description,
    hint: `${formatSignedMoney(transaction.transactionAmount, transaction.currencyCode, transaction.transactionType)} · ${reference}`,
    icon: ArrowLeftRight,
    to: `/transactions/all?q=${encodeURIComponent(transaction.id)}`,
  };
}

/** The products list's search takes this much (SearchTextSchema); a name runs to 120, and its start finds it. */
const PRODUCT_SEARCH_MAX = 100;

/** A product opens the products page searched for its name, which lists it (and any it is part of the name of). */
export function productItem(product: Product): PaletteItem {
  return {
    id: `product:${product.recordId}`,
    kind: 'product',
    label: product.productName,
    hint: formatMoney(product.amount, product.currency),
    icon: ShoppingBag,
    to: `/products?search=${encodeURIComponent(product.productName.slice(0, PRODUCT_SEARCH_MAX).trim())}`,
  };
}

export function customerItem(customer: Customer): PaletteItem {
  return {
    id: `customer:${customer.id}`,
    kind: 'customer',
    label: customer.name,
    hint: customer.email,
    icon: User,
    to: `/customers/${customer.id}`,
  };
}

export function payoutItem(payout: Payout): PaletteItem {
  return {
    id: `payout:${payout.id}`,
    kind: 'payout',
    label: `Payout to ${payout.accountHolderName}`,
    hint: `${formatMoney(payout.amount, payout.currency)} · ${formatDate(payout.createdAt)}`,
    icon: Send,
    to: `/payouts/${payout.id}`,
  };
}
