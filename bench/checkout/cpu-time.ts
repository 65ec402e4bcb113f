// CPU time of processes from Linux's /proc: unlike elapsed time, others sharing the machine barely change it.
import { readdir, readFile } from 'node:fs/promises';

/** USER_HZ: /proc counts CPU time in ticks of 1/100 s. */
const TICKS_PER_SECOND = 100;

/** A process's /proc stat fields after its command's name (which is in parentheses and may hold spaces). */
async function statFields(pid: number | string) {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  return {
    command: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
    fields: stat.slice(stat.lastIndexOf(')') + 2).split(' '),
  };
}

/** CPU seconds a process has used, user and system, all its threads (proc(5) fields 14 and 15). */
export async function cpuSecondsOf(pid: number) {
  const { fields } = await statFields(pid);
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** The same, with its live child processes' (node:cluster's workers under npm start's primary). */
export async function cpuSecondsWithChildren(pid: number) {
  const children = (await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8')).split(' ').filter(Boolean);
  let seconds = await cpuSecondsOf(pid);
  for (const child of children) seconds += await cpuSecondsOf(Number(child)).catch(() => 0);
  return seconds;
}

/**
 * CPU seconds every PostgreSQL process on this machine has used: the live ones' own, and what the postmaster counts
 * of the children it has reaped (fields 16 and 17), so a connection that ended is not lost. Linux only.
 */
export async function postgresCpuSeconds() {
  let ticks = 0;
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await statFields(entry).catch(() => null);
    if (stat?.command !== 'postgres') continue;
    const [own, children] = [
      Number(stat.fields[11]) + Number(stat.fields[12]),
      Number(stat.fields[13]) + Number(stat.fields[14]),
    ];
    ticks += own + children;
  }
  return ticks / TICKS_PER_SECOND;
}
