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

/** Names prepared once for many {@link findClosestName} calls, with their lower-case forms. */
export interface NameCandidates {
  readonly names: readonly string[];
  readonly lowered: readonly string[];
  /** The characters of each lowered name, as {@link maskCharacters} sets them. */
  readonly masks: readonly number[];
}

/**
 * Prepares `names` for repeated {@link findClosestName} calls: the tool names every matcher of a
 * configuration is checked against are lowered once, not once per matcher.
 */
export function prepareNameCandidates(names: Iterable<string>): NameCandidates {
  const list = [...names];
  const lowered = list.map((name) => name.toLowerCase());
  return { names: list, lowered, masks: lowered.map(maskCharacters) };
}

/** The known name closest to `name` within the distance {@link suggestName} allows, or null. */
export function findClosestName(
  name: string,
  candidates: Iterable<string> | NameCandidates,
): string | null {
  const { names, lowered, masks } =
    Symbol.iterator in candidates ? prepareNameCandidates(candidates) : candidates;
  const limit = Math.max(1, Math.min(2, Math.floor(name.length / 3)));
  const loweredName = name.toLowerCase();
  const nameMask = maskCharacters(loweredName);
  let best: string | null = null;
  let bestDistance = limit + 1;
  // An index loop: an iterator allocates per step until the function is optimized, and a
  // thousand-hook load calls this cold.
  for (let index = 0; index < names.length; index++) {
    const candidate = names[index] as string;
    const other = lowered[index] as string;
    if (candidate === name) continue;
    // The distance is at least the difference in length: a long misspelling costs no alignment.
    if (Math.abs(other.length - loweredName.length) >= bestDistance) continue;
    // So is the number of characters one has and the other lacks: no edit brings in more than one.
    const mask = masks[index] as number;
    const missing = Math.max(countBits(nameMask & ~mask), countBits(mask & ~nameMask));
    if (missing >= bestDistance) continue;
    const distance = measureEditDistance(loweredName, other, bestDistance);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * The characters of `text` as bits: a letter each, digits sharing five bits, anything else one.
 * Characters sharing a bit only make the missing count smaller, so it stays a lower bound.
 */
function maskCharacters(text: string): number {
  let mask = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    const bit =
      code >= 97 && code <= 122
        ? code - 97
        : code >= 48 && code <= 57
          ? 26 + ((code - 48) % 5)
          : 31;
    mask |= 1 << bit;
  }
  return mask;
}

function countBits(value: number): number {
  let bits = value - ((value >>> 1) & 0x55555555);
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
  return (((bits + (bits >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

// Three rolling rows, reused by every call: the distance runs for each matcher name at load, a
// thousand hooks included, so it allocates nothing.
let rows = [new Uint32Array(16), new Uint32Array(16), new Uint32Array(16)] as const;

// Optimal string alignment distance (Damerau–Levenshtein without editing a substring twice), or
// `bound` as soon as it cannot be less: a row's smallest cell never decreases below the smaller
// of its own minimum and the row before's minimum plus one (a swap reaches back two rows).
function measureEditDistance(left: string, right: string, bound: number): number {
  const width = right.length + 1;
  if (rows[0].length < width) {
    rows = [new Uint32Array(width), new Uint32Array(width), new Uint32Array(width)];
  }
  // Plain variables, not array destructuring: destructuring allocates an iterator per use until
  // the function is optimized, and a thousand-hook load calls this cold.
  let beforeAbove = rows[0];
  let above = rows[1];
  let row = rows[2];
  for (let j = 0; j < width; j++) above[j] = j;
  let aboveMinimum = 0;
  for (let i = 1; i <= left.length; i++) {
    row[0] = i;
    let rowMinimum = i;
    for (let j = 1; j < width; j++) {
      const cost = left[i - 1] === right[j - 1] ? 0 : 1;
      let distance = Math.min(
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (above[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && left[i - 1] === right[j - 2] && left[i - 2] === right[j - 1]) {
        distance = Math.min(distance, (beforeAbove[j - 2] as number) + 1);
      }
      row[j] = distance;
      if (distance < rowMinimum) rowMinimum = distance;
    }
    if (rowMinimum >= bound && aboveMinimum + 1 >= bound) return bound;
    aboveMinimum = rowMinimum;
    const reused = beforeAbove;
    beforeAbove = above;
    above = row;
    row = reused;
  }
  return Math.min(above[right.length] as number, bound);
}
