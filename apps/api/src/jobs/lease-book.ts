/**
 * The leases this process holds right now: the scheduled job it is running, the event and webhook deliveries in
 * hand, the Idempotency-Keys of requests not answered yet. Each is noted with how to let go of exactly that claim
 * (a statement that frees this process's claim and no other), and forgotten once the work let go of it itself. A
 * process that stops before its work is done lets go of what is still noted (releaseHeld), so another process
 * takes the work at once rather than after the lease runs out; on PostgreSQL only these leases, never those of
 * another live process (ADR 065).
 */
export interface LeaseBook {
  /**
   * Notes a lease (or a batch of them) just taken for `leaseSeconds`, and how to let go of it; `release` returns
   * how many rows it freed. Call the returned function once the work has let go of the lease itself.
   */
  hold(leaseSeconds: number, release: () => Promise<number>): () => void;
  /**
   * Lets go of every lease still noted whose time has not run out (one that ran out may be another process's by
   * now), and forgets them. Returns how many rows were freed.
   */
  releaseHeld(): Promise<number>;
}

/** A lease this close to its end is left to run out: the database's clock may be a little ahead of ours. */
const END_MARGIN_MS = 1_000;

export function createLeaseBook(): LeaseBook {
  const held = new Map<symbol, { until: number; release: () => Promise<number> }>();
  return {
    hold(leaseSeconds, release) {
      const lease = Symbol('lease');
      held.set(lease, { until: Date.now() + leaseSeconds * 1000, release });
      return () => {
        held.delete(lease);
      };
    },
    async releaseHeld() {
      const current = [...held.values()].filter((lease) => lease.until - END_MARGIN_MS > Date.now());
      held.clear();
      const freed = await Promise.all(current.map((lease) => lease.release()));
      return freed.reduce((total, rows) => total + rows, 0);
    },
  };
}
