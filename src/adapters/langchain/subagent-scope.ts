import { AsyncLocalStorage } from "node:async_hooks";

/** The subagent a nested agent run belongs to: the tool call that started it. */
export interface SubagentScope {
  agentId: string;
  agentType: string;
}

// A subagent runs inside its parent's tool call, so the call's async context marks its hooks.
const storage = new AsyncLocalStorage<SubagentScope>();

/** Runs `work` (a subagent-starting tool call) so agent runs nested in it know they are subagents. */
export function runInSubagentScope<T>(scope: SubagentScope, work: () => Promise<T>): Promise<T> {
  return storage.run(scope, work);
}

/** The subagent the current agent run belongs to, or null for a top-level run. */
export function readSubagentScope(): SubagentScope | null {
  return storage.getStore() ?? null;
}
