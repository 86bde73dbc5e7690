/**
 * ` (did you mean "PreToolUse"?)` for the known name closest to a misspelled one, or `""` when
 * none is close: at most 2 edits (a letter added, removed, changed, or two swapped), and at most
 * a third of the name's length, ignoring case. On a tie the first candidate wins.
 *
 * @example
 * `Unknown handler field "comand"${suggestName("comand", ["type", "command"])}`;
 * // → 'Unknown handler field "comand" (did you mean "command"?)'
 */
export function suggestName(name: string, candidates: Iterable<string>): string {
  const closest = findClosestName(name, candidates);
  return closest === null ? "" : ` (did you mean "${closest}"?)`;
}

/** The known name closest to `name` within the distance {@link suggestName} allows, or null. */
export function findClosestName(name: string, candidates: Iterable<string>): string | null {
  const limit = Math.max(1, Math.min(2, Math.floor(name.length / 3)));
  const lowered = name.toLowerCase();
  let best: string | null = null;
  let bestDistance = limit + 1;
  for (const candidate of candidates) {
    if (candidate === name) continue;
    const other = candidate.toLowerCase();
    // The distance is at least the difference in length: a long misspelling costs no alignment.
    if (Math.abs(other.length - lowered.length) >= bestDistance) continue;
    const distance = measureEditDistance(lowered, other);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

// Optimal string alignment distance (Damerau–Levenshtein without editing a substring twice).
function measureEditDistance(left: string, right: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= left.length; i++) {
    const row: number[] = [];
    for (let j = 0; j <= right.length; j++) {
      if (i === 0 || j === 0) {
        row.push(i + j);
        continue;
      }
      const above = rows[i - 1] ?? [];
      const cost = left[i - 1] === right[j - 1] ? 0 : 1;
      let distance = Math.min(
        (above[j] ?? 0) + 1,
        (row[j - 1] ?? 0) + 1,
        (above[j - 1] ?? 0) + cost,
      );
      if (i > 1 && j > 1 && left[i - 1] === right[j - 2] && left[i - 2] === right[j - 1]) {
        distance = Math.min(distance, (rows[i - 2]?.[j - 2] ?? 0) + 1);
      }
      row.push(distance);
    }
    rows.push(row);
  }
  return rows[left.length]?.[right.length] ?? 0;
}
