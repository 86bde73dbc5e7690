/** A duration for people: `0.4 ms`, `23 ms`, `1.24 s`, `2 min 05 s`, `1 h 02 min`. */
export function formatDuration(milliseconds: number): string {
  if (milliseconds < 10) return `${trimZeros(milliseconds.toFixed(1))} ms`;
  if (milliseconds < 1000) return `${Math.round(milliseconds)} ms`;
  if (milliseconds < 10_000) return `${trimZeros((milliseconds / 1000).toFixed(2))} s`;
  if (milliseconds < 60_000) return `${trimZeros((milliseconds / 1000).toFixed(1))} s`;
  const totalSeconds = Math.round(milliseconds / 1000);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  if (hours > 0) return `${hours} h ${String(minutes).padStart(2, "0")} min`;
  return `${minutes} min ${String(seconds).padStart(2, "0")} s`;
}

/** An offset from a session's start: `+0 s`, `+850 ms`, `+12.5 s`, `+4 min 05 s`. */
export function formatOffset(milliseconds: number): string {
  return milliseconds <= 0 ? "+0 s" : `+${formatDuration(milliseconds)}`;
}

/** A UTC clock time with milliseconds: `08:00:00.123`. */
export function formatClock(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(11, 23);
}

/** A UTC date and time to the second: `2026-11-30 08:00:00`. */
export function formatDateTime(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 19).replace("T", " ");
}

/** A count with its noun, plural when needed: `1 run`, `3 runs`. */
export function formatCount(count: number, noun: string, plural = `${noun}s`): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? noun : plural}`;
}

/** How a run ended, for tables and tooltips: `exit 2`, `signal SIGKILL`, or `no exit code`. */
export function formatExit(exitCode: number | null, signal: string | null): string {
  if (signal !== null) return `signal ${signal}`;
  if (exitCode !== null) return `exit ${exitCode}`;
  return "no exit code";
}

function trimZeros(text: string): string {
  return text.includes(".") ? text.replace(/\.?0+$/, "") : text;
}
