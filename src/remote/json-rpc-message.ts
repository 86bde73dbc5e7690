import { z } from "zod";
import { serverMethods } from "./protocol-schema.js";

/** A JSON-RPC request id. */
export type JsonRpcId = string | number;

/** The JSON-RPC 2.0 error codes this protocol answers with (-32001 is ours: a message too large). */
export const jsonRpcErrorCodes = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  messageTooLarge: -32001,
} as const;

/** The methods a hook server answers. */
export const remoteMethods = serverMethods;

/** One message read off a channel, told apart by shape; `invalid` carries the error to answer. */
export type JsonRpcMessage =
  | { kind: "request"; id: JsonRpcId; method: string; params: unknown }
  | { kind: "notification"; method: string; params: unknown }
  | { kind: "result"; id: JsonRpcId; result: unknown }
  | { kind: "error"; id: JsonRpcId | null; code: number; message: string }
  | { kind: "invalid"; id: JsonRpcId | null; code: number; message: string };

const idSchema = z.union([z.string(), z.number().int()]);
const requestSchema = z.object({
  jsonrpc: z.literal("2.0"),
  id: idSchema.optional(),
  method: z.string().min(1),
  params: z.unknown().optional(),
});
const resultSchema = z.object({ jsonrpc: z.literal("2.0"), id: idSchema, result: z.unknown() });
const errorSchema = z.object({
  jsonrpc: z.literal("2.0"),
  id: idSchema.nullable(),
  error: z.object({ code: z.number().int(), message: z.string() }),
});
const looseIdSchema = z.object({ id: idSchema });

/** Reads one message of untrusted text; never throws (bad text becomes an `invalid` message). */
export function readJsonRpcMessage(text: string): JsonRpcMessage {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return invalid(null, jsonRpcErrorCodes.parseError, `Parse error: ${(error as Error).message}`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    const what = Array.isArray(value) ? "a batch (batches are not supported)" : typeof value;
    return invalid(null, jsonRpcErrorCodes.invalidRequest, `Invalid Request: got ${what}`);
  }
  const id = looseIdSchema.safeParse(value).data?.id ?? null;
  if ("method" in value) {
    const request = requestSchema.safeParse(value);
    if (!request.success) {
      return invalid(
        id,
        jsonRpcErrorCodes.invalidRequest,
        `Invalid Request: ${describeZodError(request.error)}`,
      );
    }
    const { method, params } = request.data;
    return request.data.id === undefined
      ? { kind: "notification", method, params }
      : { kind: "request", id: request.data.id, method, params };
  }
  if ("result" in value) {
    const result = resultSchema.safeParse(value);
    if (result.success) return { kind: "result", id: result.data.id, result: result.data.result };
  }
  if ("error" in value) {
    const error = errorSchema.safeParse(value);
    if (error.success) return { kind: "error", id: error.data.id, ...error.data.error };
  }
  return invalid(
    id,
    jsonRpcErrorCodes.invalidRequest,
    "Invalid Request: neither a request nor a response",
  );
}

/** Serializes a request (or, without an id, a notification). */
export function formatJsonRpcRequest(
  id: JsonRpcId | null,
  method: string,
  params: unknown,
): string {
  return JSON.stringify(
    id === null ? { jsonrpc: "2.0", method, params } : { jsonrpc: "2.0", id, method, params },
  );
}

/** Serializes a successful response. */
export function formatJsonRpcResult(id: JsonRpcId, result: unknown): string {
  return JSON.stringify({ jsonrpc: "2.0", id, result });
}

/** Serializes an error response. */
export function formatJsonRpcError(id: JsonRpcId | null, code: number, message: string): string {
  return JSON.stringify({ jsonrpc: "2.0", id, error: { code, message } });
}

/** A zod error as one line: `path: message; …`. */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .map((issue) =>
      issue.path.length > 0 ? `${issue.path.join(".")}: ${issue.message}` : issue.message,
    )
    .join("; ");
}

/** A request's `params` checked against `schema`: the parsed request, or why it does not fit. */
export function parseRequestParams<SCHEMA extends z.ZodType>(
  schema: SCHEMA,
  params: unknown,
): { ok: true; request: z.output<SCHEMA> } | { ok: false; message: string } {
  const parsed = schema.safeParse(params);
  return parsed.success
    ? { ok: true, request: parsed.data }
    : { ok: false, message: describeZodError(parsed.error) };
}

function invalid(id: JsonRpcId | null, code: number, message: string): JsonRpcMessage {
  return { kind: "invalid", id, code, message };
}
