/** A channel code as words: 'BANK_TRANSFER' -> 'Bank transfer'; acronyms stay upper-case. */
export function transactionChannelLabel(channel: string | null | undefined): string {
  if (!channel) return '-';
  if (channel.toUpperCase() === 'FX') return 'FX';
  const words = channel.toLowerCase().replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** CREDIT -> 'Credit', DEBIT -> 'Debit'. */
export function transactionTypeLabel(type: string | null | undefined): string {
  return transactionChannelLabel(type);
}
