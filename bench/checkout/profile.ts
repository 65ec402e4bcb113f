import { readFile, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

/*
 * A CPU profile of this process's main thread (the API) while the API cells run; the load generator's worker
 * thread is not in it. The summary groups self time by origin (a package, a file of the API, node itself) so a
 * missed target can say where the time goes.
 */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  /** Where the .cpuprofile files of the API cells are (one per cell). */
  dir: string;
  totalMs: number;
  byOrigin: { name: string; ms: number; share: number }[];
  byFunction: { name: string; where: string; ms: number; share: number }[];
}

const ROOT = path.resolve(import.meta.dirname, '../..');

function origin(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const inPackage = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (inPackage) return inPackage[1] as string;
  if (url.startsWith('node:')) return 'node';
  const file = url.replace(/^file:\/\//, '');
  if (file.startsWith(ROOT)) {
    const relative = path.relative(ROOT, file);
    const feature = relative.match(/^apps\/api\/src\/(features\/[^/]+|[^/]+)/);
    if (feature) return `api: ${feature[1]}`;
    return relative.split('/').slice(0, 2).join('/');
  }
  return 'other';
}

/** Runs `during` under the sampling profiler and writes the profile to `file` (a .cpuprofile). */
export async function profileDuring<T>(file: string, during: () => Promise<T>): Promise<T> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  try {
    return await during();
  } finally {
    const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: CpuProfile };
    session.disconnect();
    await writeFile(file, JSON.stringify(profile));
  }
}

/** Self time of the main thread over the given profiles, by origin and by function. */
export async function summarize(files: string[], dir: string): Promise<ProfileSummary> {
  const origins = new Map<string, number>();
  const functions = new Map<string, { name: string; where: string; ms: number }>();
  let total = 0;
  for (const file of files) {
    const profile = JSON.parse(await readFile(file, 'utf8')) as CpuProfile;
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    const self = new Map<number, number>();
    profile.samples.forEach((id, index) => {
      self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
    });
    for (const [id, ms] of self) {
      const frame = nodes.get(id)?.callFrame;
      if (!frame || frame.functionName === '(idle)') continue;
      total += ms;
      const where = origin(frame.url, frame.functionName);
      origins.set(where, (origins.get(where) ?? 0) + ms);
      const name = frame.functionName || '(anonymous)';
      const key = `${name} ${frame.url}:${frame.lineNumber}`;
      const entry = functions.get(key) ?? { name, where: `${where}:${frame.lineNumber + 1}`, ms: 0 };
      entry.ms += ms;
      functions.set(key, entry);
    }
  }
  const share = (ms: number) => (total > 0 ? ms / total : 0);
  return {
    dir,
    totalMs: total,
    byOrigin: [...origins]
      .map(([name, ms]) => ({ name, ms, share: share(ms) }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 20),
    byFunction: [...functions.values()]
      .map((entry) => ({ ...entry, share: share(entry.ms) }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 15),
  };
}
