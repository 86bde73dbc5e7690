import { type ConversionIssue, createNoteIssue } from "./conversion-issue.js";
import type { RootKeyRole } from "./read-hook-document.js";

/**
 * The note for a `version: 1` hook file (Cursor's, Copilot CLI's) whose `version` is missing or
 * another value: the file is still read as version 1; none when it is 1.
 */
export function noteHookFileVersion(version: unknown, title: string): ConversionIssue[] {
  if (version === 1) return [];
  return [
    createNoteIssue(
      `"version" ${JSON.stringify(version ?? null)}`,
      "version",
      `${title} hook files declare version 1; the file is read as version 1`,
    ),
  ];
}

/** A `version: 1` hook file's root keys: `version` is the reader's own, any other is carried. */
export function classifyVersionedRootKey(key: string): RootKeyRole {
  return key === "version" ? { role: "ignored" } : { role: "carried", consequence: null };
}
