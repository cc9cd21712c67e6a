// The shared stream vectors (tests/stream/vectors/) through the TypeScript
// runtime, exactly as the C++ and Python runners check them: readers at
// every chunking, state machines step by step.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type JsonObject, backoffConfig, chunkings, constOf, inputBytes, recordJson, rt, sequencerConfig, vectorFile } from "./support.js";
import { RUNNERS } from "./transcripts.js";

type Reader = { feed(chunk: Uint8Array): (rt.NdjsonRecord | rt.SseRecord)[]; end(): (rt.NdjsonRecord | rt.SseRecord)[] };

function read(reader: Reader, chunks: Uint8Array[]): JsonObject[] {
  const records = chunks.flatMap((chunk) => reader.feed(chunk));
  return [...records, ...reader.end()].map(recordJson);
}

function options(c: JsonObject): { maxLineBytes?: number; maxEventBytes?: number; lastEventId?: string } {
  const o = (c["options"] as JsonObject | undefined) ?? {};
  return {
    ...(o["max_line_bytes"] !== undefined ? { maxLineBytes: o["max_line_bytes"] as number } : {}),
    ...(o["max_event_bytes"] !== undefined ? { maxEventBytes: o["max_event_bytes"] as number } : {}),
    ...(o["last_event_id"] !== undefined ? { lastEventId: o["last_event_id"] as string } : {}),
  };
}

describe("ndjson.json", () => {
  for (const c of vectorFile("ndjson.json").cases)
    it(c["name"] as string, () => {
      for (const chunks of chunkings(inputBytes(c["input"] as string[])))
        assert.deepEqual(read(new rt.NdjsonReader(options(c)), chunks), c["expect"], chunks.map((x) => x.length).join(","));
    });
});

describe("sse.json", () => {
  for (const c of vectorFile("sse.json").cases)
    it(c["name"] as string, () => {
      const final = (c["final"] as JsonObject | undefined) ?? {};
      for (const chunks of chunkings(inputBytes(c["input"] as string[]))) {
        const reader = new rt.SseReader(options(c));
        assert.deepEqual(read(reader, chunks), c["expect"], chunks.map((x) => x.length).join(","));
        if ("last_event_id" in final) assert.equal(reader.lastEventId, final["last_event_id"]);
        if ("reconnection_time" in final) assert.equal(reader.reconnectionTime, final["reconnection_time"]);
      }
    });
});

describe("writers.json", () => {
  for (const c of vectorFile("writers.json").cases)
    it(c["name"] as string, () => {
      const write = (): string => {
        if ("ndjson" in c) return rt.ndjsonLine(c["ndjson"] as string);
        if ("sse" in c) {
          const sse = c["sse"] as JsonObject;
          return rt.sseEvent(sse["data"] as string, {
            ...(sse["event"] !== undefined ? { event: sse["event"] as string } : {}),
            ...(sse["id"] !== undefined ? { id: sse["id"] as string } : {}),
            ...(sse["retry"] !== undefined ? { retry: sse["retry"] as number } : {}),
          });
        }
        return rt.sseComment(c["sse_comment"] as string);
      };
      if ("error" in c) {
        assert.throws(write, (e: unknown) => e instanceof RangeError && e.message === c["error"]);
        return;
      }
      const text = write();
      assert.equal(text, c["expect"]);
      const reader: Reader = "ndjson" in c ? new rt.NdjsonReader() : new rt.SseReader();
      assert.deepEqual(read(reader, [new Uint8Array(Buffer.from(text, "utf8"))]), c["read_back"]);
    });
});

describe("sequencer.json", () => {
  const json = (o: rt.SequencerOutput<[string, number]>): JsonObject => {
    if (o.kind === "deliver") {
      assert.deepEqual(o.packet, [o.streamId, o.seq]);
      return { deliver: [o.streamId, o.seq] };
    }
    return { finding: o.finding, stream: o.streamId, seq: o.seq, expected: o.expected, message: o.message };
  };
  for (const c of vectorFile("sequencer.json").cases)
    it(c["name"] as string, () => {
      const sequencer = new rt.PacketSequencer<[string, number]>(sequencerConfig(c));
      const got = (c["packets"] as [string, number, string][]).flatMap(([sid, seq, op]) => sequencer.push(sid, seq, op, [sid, seq]).map(json));
      assert.deepEqual(got, c["expect"]);
      assert.deepEqual(sequencer.finish().map(json), c["finish"]);
    });
});

describe("citation.json", () => {
  for (const c of vectorFile("citation.json").cases)
    it(c["name"] as string, () => {
      const buffer = new rt.CitationBuffer();
      const changed: boolean[] = [];
      const ready: string[] = [];
      for (const chunk of c["chunks"] as string[]) {
        changed.push(buffer.feed(chunk));
        ready.push(buffer.ready);
      }
      assert.deepEqual([ready, changed, buffer.full], [c["ready"], c["changed"], c["full"]]);
    });
});

describe("backoff.json", () => {
  for (const c of vectorFile("backoff.json").cases)
    it(c["name"] as string, () => {
      const config = backoffConfig((c["config"] as JsonObject | undefined) ?? {});
      assert.deepEqual((c["attempts"] as number[]).map((n) => rt.backoffDelay(config, n)), c["expect"]);
      if ("equals_table" in c) {
        const table = constOf<number[]>("chat_stream/tables.schema.json", c["equals_table"] as string);
        assert.deepEqual(table.map((_, i) => rt.backoffDelay(config, i + 1)), table);
        assert.equal(rt.backoffDelay(config, table.length + 1), null);
      }
    });
});

for (const [file, run] of Object.entries(RUNNERS))
  describe(file, () => {
    for (const c of vectorFile(file).cases) it(c["name"] as string, () => run(c));
  });
