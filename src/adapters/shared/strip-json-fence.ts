// A Markdown code fence around the whole reply, as models often add: ```json … ``` or ``` … ```.
const fencePattern = /^```[\w-]*[ \t]*\r?\n([\s\S]*?)\r?\n?```$/;

/**
 * Returns a model's reply without the Markdown code fence around it (```json … ```), trimmed;
 * a reply without a fence is only trimmed.
 *
 * @example
 * ```ts
 * stripJsonFence('```json\n{"ok": true}\n```'); // '{"ok": true}'
 * ```
 */
export function stripJsonFence(reply: string): string {
  const trimmed = reply.trim();
  const fenced = fencePattern.exec(trimmed);
  return fenced === null ? trimmed : (fenced[1] ?? "").trim();
}
