#!/usr/bin/env python3
"""Writes the decode benchmark corpus: NDJSON chat-stream envelopes
(chat_stream.StreamEnvelope), a realistic mix dominated by message_delta,
with task_update events carrying nested plan sets and references_found
events carrying entities. Deterministic for a given --lines and --seed.

usage: bench/decode/corpus.py OUT.ndjson [--lines 200000] [--seed 7]
"""
import argparse
import json
import random

WORDS = ("the revenue of NVIDIA grew in fiscal 2024 driven by data center demand for accelerated "
         "computing while gaming recovered and margins expanded [1] according to the annual report").split()


def uuid(rng):
    h = "%032x" % rng.getrandbits(128)
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-a{h[17:20]}-{h[20:]}"


def delta(rng):
    return {"type": "message_delta", "delta": " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 6))) + " "}


def plan_set(rng):
    plans = {}
    for p in range(rng.randint(1, 3)):
        pid = f"plan_{p}_{rng.getrandbits(24):06x}"
        tasks = {}
        previous = None
        for t in range(rng.randint(2, 6)):
            tid = f"task_{t}_{rng.getrandbits(24):06x}"
            tasks[tid] = {"id": tid, "title": "Search the web for sources", "message": "Searching " + rng.choice(WORDS),
                          "plan_id": pid, "status": rng.choice(["LOADING", "SUCCESS", "ERROR"]), "previous_task_id": previous}
            previous = tid
        plans[pid] = {"id": pid, "plan_set_id": "planset_1", "title": "Research", "summary": None,
                      "status": rng.choice(["LOADING", "SUCCESS"]), "plan_tasks": tasks,
                      "used_sources": [uuid(rng) for _ in range(rng.randint(0, 3))], "previous_plan_id": None}
    return {"chat_id": uuid(rng) + "_chat", "creator_user_id": "u_7f3a9b2c",
            "user_chat_message_id": uuid(rng) + "_chat_message", "workspace_id": uuid(rng), "plans": plans}


def task_update(rng):
    return {"type": "task_update", "key": "task_1", "title": "Search the web", "message": "Found sources",
            "status": rng.choice(["loading", "success", "error"]), "plan_set": plan_set(rng),
            "metadata": {"sources_found": rng.randint(0, 9)}}


def entity(rng):
    return {"entity_type": rng.choice(["WEB_PAGE", "KNOWLEDGE_BASE", "GENERATED_REPORT"]), "identifier": uuid(rng),
            "title": "NVIDIA Announces Financial Results for Fiscal 2024", "description": None,
            "file_name": "page.html", "mimetype": "text/html", "workspace_id": uuid(rng),
            "external_url": "https://nvidianews.nvidia.com/news/" + rng.choice(WORDS).strip("[]"),
            "content_length": rng.randint(100, 100000), "all_seen_entities": [], "cited_entities": [uuid(rng)]}


def references(rng):
    return {"type": "references_found", "references": [entity(rng) for _ in range(rng.randint(1, 5))]}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--lines", type=int, default=200000)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    timestamp = 1771582500000
    with open(args.out, "w") as out:
        for _ in range(args.lines):
            r = rng.random()
            event = delta(rng) if r < 0.85 else task_update(rng) if r < 0.93 else references(rng) if r < 0.98 else {"type": "heartbeat"}
            timestamp += rng.randint(1, 40)
            out.write(json.dumps({"data": event, "timestamp": timestamp}, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
