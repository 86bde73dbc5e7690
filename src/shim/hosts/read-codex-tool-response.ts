/**
 * Reads a Codex shell call's `tool_response` as Claude Code's Bash response: Codex 0.169 passes
 * the text the model saw (stdout and stderr interleaved, no exit code), Claude Code's Bash hooks
 * read `{stdout, stderr, interrupted, isImage}`.
 *
 * @example
 * ```ts
 * const canonical = { tool_name: "Bash", tool_response: "a.txt\n" };
 * readCodexToolResponse(canonical, []);
 * canonical.tool_response; // { stdout: "a.txt\n", stderr: "", interrupted: false, isImage: false }
 * ```
 */
export function readCodexToolResponse(
  canonical: Record<string, unknown>,
  problems: string[],
): void {
  const response = canonical.tool_response;
  if (typeof response !== "string" || canonical.tool_name !== "Bash") return;
  canonical.tool_response = { stdout: response, stderr: "", interrupted: false, isImage: false };
  problems.push(
    "tool_response is Codex's output text (stdout and stderr together, no exit code); the hook sees it all as Bash's stdout",
  );
}
