import type { HttpHookAction } from "../config/hook-definition.js";
import { isRecord } from "../shared/is-record.js";
import { readMonotonicMs } from "../shared/read-monotonic-ms.js";
import { safeParseJson } from "../shared/safe-parse-json.js";
import { interpolateHeaderValue } from "./interpolate-header-value.js";
import { createEmptyOutcome, type ProcessOutcome } from "./process-outcome.js";
import { readResponseBody } from "./read-response-body.js";
import type { HookActionRequest } from "./run-hook-action.js";

/** Same-origin redirects followed before the run fails. */
const maxRedirects = 5;
/** Characters of a refused reply quoted in the error. */
const quotedCharacters = 200;
const redirectStatuses = new Set([301, 302, 303, 307, 308]);

/** How one http handler's request ended, before it becomes a `ProcessOutcome`. */
type HttpResult =
  | { kind: "reply"; stdout: string; bytes: number; truncated: boolean }
  | { kind: "failed"; message: string }
  | { kind: "timed-out" }
  | { kind: "cancelled" };

/**
 * Runs an `http` handler: POSTs the event JSON (`request.input`) to its URL with
 * `Content-Type: application/json` and its headers (`$VAR` / `${VAR}` filled from
 * `allowedEnvVars` only), follows at most five same-origin redirects itself, reads the reply up
 * to `request.captureLimitBytes`, and describes the result as a command's exit: a 2xx reply
 * that is empty or a JSON object is exit 0 with the body as stdout; a 2xx reply with other text,
 * a non-2xx status (even with a JSON body), a cross-origin redirect or a connection failure is
 * exit 1 with the reason on stderr (a non-blocking error, never exit 2); the timeout is
 * `timedOut` and the engine closing `cancelled`. Never rejects.
 *
 * @example
 * ```ts
 * const outcome = await postHttpHook({ action, event, input, payload, env, timeoutMs, captureLimitBytes, signal });
 * if (outcome.exitCode === 0) console.log(outcome.stdout);
 * ```
 */
export async function postHttpHook(
  request: HookActionRequest<HttpHookAction>,
): Promise<ProcessOutcome> {
  const startedAt = readMonotonicMs();
  const result = await sendRequest(request);
  return createOutcome(result, readMonotonicMs() - startedAt);
}

async function sendRequest(request: HookActionRequest<HttpHookAction>): Promise<HttpResult> {
  const { action } = request;
  const target = parseHookUrl(action.url);
  if (typeof target === "string") return { kind: "failed", message: target };
  const headers = buildHeaders(action, request.env);
  if (typeof headers === "string") return { kind: "failed", message: headers };
  if (request.signal.aborted) return { kind: "cancelled" };
  const timeout = AbortSignal.timeout(request.timeoutMs);
  const signal = AbortSignal.any([request.signal, timeout]);
  try {
    return await exchange(target, headers, request, signal);
  } catch (error) {
    if (request.signal.aborted) return { kind: "cancelled" };
    if (timeout.aborted) return { kind: "timed-out" };
    return { kind: "failed", message: describeFetchError(error, target) };
  }
}

// Sends the request and follows same-origin redirects; throws only what fetch or the body throws.
async function exchange(
  start: URL,
  headers: Headers,
  request: HookActionRequest<HttpHookAction>,
  signal: AbortSignal,
): Promise<HttpResult> {
  let url = start;
  let method = "POST";
  let body: string | undefined = request.input;
  for (let redirects = 0; ; redirects += 1) {
    const init: RequestInit = { method, headers, redirect: "manual", signal };
    if (body !== undefined) init.body = body;
    const response = await fetch(url, init);
    const location = response.headers.get("location");
    if (!redirectStatuses.has(response.status) || location === null) {
      return readReply(response, url, request.captureLimitBytes);
    }
    await response.body?.cancel().catch(() => undefined);
    const next = URL.canParse(location, url.href) ? new URL(location, url) : null;
    if (next === null) {
      return fail(`HTTP ${response.status} from ${describeUrl(url)} redirects to an invalid URL`);
    }
    if (next.origin !== url.origin) {
      return fail(
        `HTTP ${response.status} from ${describeUrl(url)} redirects to another origin (${next.origin}); cross-origin redirects are not followed`,
      );
    }
    if (redirects >= maxRedirects) {
      return fail(`${describeUrl(start)} redirected more than ${maxRedirects} times`);
    }
    // As fetch does: 303, and 301 or 302 after a POST, continue as a GET without the body.
    if (response.status === 303 || (method === "POST" && response.status < 303)) {
      method = "GET";
      body = undefined;
      headers.delete("content-type");
    }
    url = next;
  }
}

async function readReply(
  response: Response,
  url: URL,
  captureLimitBytes: number,
): Promise<HttpResult> {
  const reply = await readResponseBody(response.body, captureLimitBytes);
  const status = `HTTP ${response.status} from ${describeUrl(url)}`;
  if (!response.ok) {
    const text = reply.text.trim();
    return fail(text === "" ? status : `${status}: ${quote(text)}`);
  }
  // A cut reply cannot be parsed: the decide stage reports it as cut output, like stdout.
  if (reply.truncated) {
    return { kind: "reply", stdout: reply.text, bytes: reply.bytes, truncated: true };
  }
  const text = reply.text.trim();
  if (text === "") return { kind: "reply", stdout: "", bytes: reply.bytes, truncated: false };
  const parsed = safeParseJson(text);
  if (parsed.success && isRecord(parsed.value)) {
    return { kind: "reply", stdout: reply.text, bytes: reply.bytes, truncated: false };
  }
  return fail(`${status} is not a JSON object (a 2xx reply must be empty or JSON): ${quote(text)}`);
}

function fail(message: string): HttpResult {
  return { kind: "failed", message };
}

function parseHookUrl(text: string): URL | string {
  if (!URL.canParse(text)) return `invalid URL ${JSON.stringify(text)}`;
  const url = new URL(text);
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return `URL ${describeUrl(url)} is not http or https`;
  }
  if (url.username !== "" || url.password !== "") {
    return `URL ${describeUrl(url)} carries credentials; send them in a header instead`;
  }
  return url;
}

// The handler's headers with their variables filled, then the JSON content type over them.
function buildHeaders(
  action: HttpHookAction,
  env: Readonly<Record<string, string | undefined>>,
): Headers | string {
  const headers = new Headers();
  for (const [name, value] of Object.entries(action.headers)) {
    try {
      headers.set(name, interpolateHeaderValue(value, action.allowedEnvVars, env));
    } catch {
      // The value is not quoted: it may hold a secret.
      return `header ${JSON.stringify(name)} has an invalid name or value (after interpolation)`;
    }
  }
  headers.set("content-type", "application/json");
  return headers;
}

// Connection failures name the cause fetch hides in `error.cause` (ECONNREFUSED, ENOTFOUND, …).
function describeFetchError(error: unknown, url: URL): string {
  const cause = error instanceof Error ? error.cause : undefined;
  const code = readErrorCode(cause) ?? readErrorCode(error);
  const where = describeUrl(url);
  if (code === "ECONNREFUSED") return `connection refused by ${where}`;
  if (code === "ENOTFOUND") return `host not found: ${where}`;
  if (code === "ECONNRESET" || code === "UND_ERR_SOCKET") return `connection reset by ${where}`;
  const message =
    cause instanceof Error ? cause.message : error instanceof Error ? error.message : String(error);
  return `request to ${where} failed: ${message}${code === null ? "" : ` (${code})`}`;
}

function readErrorCode(value: unknown): string | null {
  if (!(value instanceof Error) || !("code" in value)) return null;
  return typeof value.code === "string" ? value.code : null;
}

// Origin and path only: a query string or credentials may hold a secret.
function describeUrl(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}`;
}

function quote(text: string): string {
  const characters = [...text];
  if (characters.length <= quotedCharacters) return text;
  return `${characters.slice(0, quotedCharacters).join("")}…`;
}

function createOutcome(result: HttpResult, durationMs: number): ProcessOutcome {
  const outcome = createEmptyOutcome(durationMs);
  switch (result.kind) {
    case "reply":
      return {
        ...outcome,
        exitCode: 0,
        stdout: result.stdout,
        stdoutTruncated: result.truncated,
        stdoutBytes: result.bytes,
      };
    case "failed":
      return {
        ...outcome,
        exitCode: 1,
        stderr: result.message,
        stderrBytes: Buffer.byteLength(result.message),
      };
    case "timed-out":
      return { ...outcome, timedOut: true };
    case "cancelled":
      return { ...outcome, cancelled: true };
  }
}
