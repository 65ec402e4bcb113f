// CI machines have been seen three times slower than a developer's while the API suites run beside the e2e suite:
// there every wait gets twice the time, so a slow step passes late rather than failing and retrying (a retry costs
// the busy machine more than the wait).
const slowMachine = Boolean(process.env.CI);

/** A timeout in milliseconds, doubled on CI. */
export const patience = (ms: number) => (slowMachine ? ms * 2 : ms);
