// How much of the page's main-thread task time was spent on the CPU, from the trace Lighthouse recorded. Lighthouse
// multiplies each task's wall time by its CPU slowdown (4x): a renderer waiting for a core on a busy machine looks
// like a slow phone, and the wait is what bootup-time files as "Unattributable" (nothing ran to attribute it to).

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

export interface MainThreadCpu {
  /** Top-level tasks on the page's main thread, as the clock on the wall saw them (ms, unthrottled). */
  taskMs: number;
  /** Of those, the time the thread was on a CPU. */
  cpuMs: number;
  /** Tasks long enough to block once multiplied by 4 (over 12.5 ms): wall and CPU time. */
  longTaskMs: number;
  longTaskCpuMs: number;
  /**
   * Total Blocking Time as if the renderer had had a core to itself: each task's CPU time times 4, less 50 ms
   * (Lighthouse's own figure also uses simulated dependencies and only counts from the first paint on).
   */
  cpuBlockingMs: number;
  /** Frames Lighthouse captured for its filmstrip (each one encoded by the browser while the page loads). */
  screenshots: number;
}

/** Lighthouse's default mobile CPU slowdown. */
const CPU_SLOWDOWN = 4;
/** Observed tasks over this many ms block the main thread once Lighthouse slows the CPU down (50 ms). */
const LONG_TASK_MS = 50 / CPU_SLOWDOWN;

export function mainThreadCpu(trace: { traceEvents: TraceEvent[] }): MainThreadCpu {
  const events = trace.traceEvents;
  const mainThreads = events.filter(
    (event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
  );
  const tasksOf = (thread: TraceEvent) =>
    events.filter(
      (event) =>
        event.pid === thread.pid && event.tid === thread.tid && event.name === 'RunTask' && event.ph === 'X',
    );
  // The page's renderer is the busiest one (the browser's own pages have renderers too).
  const tasks = mainThreads.map(tasksOf).sort((a, b) => b.length - a.length)[0] ?? [];
  const result: MainThreadCpu = {
    taskMs: 0,
    cpuMs: 0,
    longTaskMs: 0,
    longTaskCpuMs: 0,
    cpuBlockingMs: 0,
    screenshots: 0,
  };
  let end = 0;
  for (const task of tasks.sort((a, b) => a.ts - b.ts)) {
    if (task.ts < end) continue; // nested in the task before it
    const wall = (task.dur ?? 0) / 1000;
    const cpu = (task.tdur ?? 0) / 1000;
    end = task.ts + (task.dur ?? 0);
    result.taskMs += wall;
    result.cpuMs += cpu;
    result.cpuBlockingMs += Math.max(0, cpu * CPU_SLOWDOWN - 50);
    if (wall > LONG_TASK_MS) {
      result.longTaskMs += wall;
      result.longTaskCpuMs += cpu;
    }
  }
  result.screenshots = events.filter((event) => event.name === 'Screenshot').length;
  return result;
}
