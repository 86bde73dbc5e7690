import { describe, expect, it } from "vitest";
import { readJsonRpcMessage } from "./json-rpc-message.js";

describe("readJsonRpcMessage", () => {
  it.each([
    {
      text: '{"jsonrpc":"2.0","id":1,"method":"hooks/dispatch","params":{"event":"Stop"}}',
      expected: { kind: "request", id: 1, method: "hooks/dispatch", params: { event: "Stop" } },
    },
    {
      text: '{"jsonrpc":"2.0","id":"a","method":"hooks/initialize"}',
      expected: { kind: "request", id: "a", method: "hooks/initialize", params: undefined },
    },
    {
      text: '{"jsonrpc":"2.0","method":"note"}',
      expected: { kind: "notification", method: "note", params: undefined },
    },
    {
      text: '{"jsonrpc":"2.0","id":3,"result":{"ok":true}}',
      expected: { kind: "result", id: 3, result: { ok: true } },
    },
    {
      text: '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}',
      expected: { kind: "error", id: null, code: -32700, message: "Parse error" },
    },
    { text: "{", expected: { kind: "invalid", id: null, code: -32700 } },
    { text: "[]", expected: { kind: "invalid", id: null, code: -32600 } },
    { text: "42", expected: { kind: "invalid", id: null, code: -32600 } },
    {
      text: '{"jsonrpc":"1.0","id":4,"method":"hooks/dispatch"}',
      expected: { kind: "invalid", id: 4, code: -32600 },
    },
    {
      text: '{"jsonrpc":"2.0","id":5,"method":7}',
      expected: { kind: "invalid", id: 5, code: -32600 },
    },
    { text: '{"jsonrpc":"2.0","id":6}', expected: { kind: "invalid", id: 6, code: -32600 } },
    {
      text: '{"jsonrpc":"2.0","id":{"x":1},"method":"m"}',
      expected: { kind: "invalid", id: null, code: -32600 },
    },
  ])("reads $text", ({ text, expected }) => {
    expect(readJsonRpcMessage(text)).toMatchObject(expected);
  });
});
