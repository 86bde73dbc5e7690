import { describe, expect, it } from "vitest";
import { paceWork } from "./pace-work.js";

/** Keeps the thread busy, as a spawn does, so the turn's budget is spent. */
function spendTurn(milliseconds: number): void {
  const until = performance.now() + milliseconds;
  while (performance.now() < until) {
    // Busy on purpose.
  }
}

/** Resolves after every job queued so far has had its turn. */
async function settle(): Promise<void> {
  for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setImmediate(resolve));
}

describe("paceWork", () => {
  it("runs a job at once when the turn has time left", async () => {
    await settle();
    let ran = false;
    paceWork(() => {
      ran = true;
    });
    expect(ran).toBe(true);
  });

  it("defers jobs once the turn's budget is spent, then runs them, most urgent first", async () => {
    await settle();
    const order: string[] = [];
    paceWork(() => {
      order.push("first");
      spendTurn(3);
    });
    paceWork(() => order.push("accept 1"), "accept");
    paceWork(() => order.push("start 1"), "start");
    paceWork(() => order.push("finish 1"), "finish");
    paceWork(() => order.push("start 2"), "start");
    paceWork(() => order.push("accept 2"), "accept");
    expect(order).toEqual(["first"]);
    await settle();
    expect(order).toEqual(["first", "finish 1", "start 1", "start 2", "accept 1", "accept 2"]);
  });

  it("keeps going after a job that throws", async () => {
    await settle();
    const order: string[] = [];
    paceWork(() => spendTurn(3));
    paceWork(() => {
      throw new Error("a bug in a job");
    });
    paceWork(() => order.push("after"));
    await settle();
    expect(order).toEqual(["after"]);
  });
});
