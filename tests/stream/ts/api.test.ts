// What the vectors cannot show: misuse errors (each message once), and the
// real-time scheduler on the host's timers.
import assert from "node:assert/strict";
import { it } from "node:test";
import { chatConfig, rt } from "./support.js";

it("feed after end() is refused", () => {
  for (const [reader, name] of [[new rt.NdjsonReader(), "NdjsonReader"], [new rt.SseReader(), "SseReader"]] as const) {
    assert.deepEqual(reader.end(), []);
    assert.deepEqual(reader.end(), []); // a second end() has nothing more to say
    assert.throws(() => reader.feed(new Uint8Array([0x78])), { message: `${name}.feed after end()` });
  }
});

it("a chat client starts once, and replays only when idle", () => {
  const client = new rt.ChatClient(chatConfig(), new rt.ManualScheduler(), () => ({ type: "x" }), () => {});
  client.start();
  assert.throws(() => client.start(), { message: "ChatClient.start in state connecting" });
  assert.throws(() => client.play([], 0), { message: "ChatClient.play in state connecting" });
});

it("an unknown sequencer policy is refused", () => {
  const config = { terminalOps: ["CLOSE"], errorOp: "ERROR", policy: "buffer" } as unknown as rt.SequencerConfig;
  assert.throws(() => new rt.PacketSequencer(config), { message: "unknown sequencer policy 'buffer'" });
});

it("TimerScheduler runs timers in due order and cancels", async () => {
  const scheduler = new rt.TimerScheduler();
  const fired: string[] = [];
  scheduler.schedule(30, () => fired.push("late"));
  scheduler.schedule(5, () => fired.push("early"));
  scheduler.cancel(scheduler.schedule(10, () => fired.push("cancelled")));
  new rt.Watchdog(scheduler, 15, () => fired.push("timeout")).start();
  await new Promise((resolve) => setTimeout(resolve, 60));
  assert.deepEqual(fired, ["early", "timeout", "late"]);
});
