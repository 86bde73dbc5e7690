import type { JsonPathSegment } from "../../shared/format-json-path.js";
import { suggestName } from "../suggest-name.js";
import type { ReportDiagnostic } from "./walk-hook-events.js";

/**
 * Reports `key` of the object at `at` as an unknown `<label>` field (a warning), naming the
 * closest of the `known` keys when one is near.
 */
export function reportUnknownField(
  report: ReportDiagnostic,
  label: string,
  key: string,
  known: Iterable<string>,
  at: readonly JsonPathSegment[],
): void {
  const message = `Unknown ${label} field "${key}"${suggestName(key, known)}`;
  report("unknown_field", "warning", message, [...at, key]);
}
