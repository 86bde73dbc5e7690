#!/usr/bin/env node
// Stop: keep the turn going until the assistant says the tests pass (once only, via stop_hook_active).
import { readPayload } from "./read-payload.mjs";

const payload = await readPayload();
const message = String(payload.last_assistant_message ?? "");
if (!payload.stop_hook_active && !/tests pass/i.test(message)) {
  console.log(
    JSON.stringify({
      decision: "block",
      reason: "Run the tests and report the result before stopping.",
    }),
  );
}
