// Package stream is the contract's wire protocol as a runtime: incremental
// NDJSON and SSE readers and writers, the StreamPacket sequencer, the
// chat-stream client state machine (citation buffer, backoff, watchdog,
// heartbeat emitter, terminal events, replay), routing by content type, the
// GraphEvent migration and the bleed filter.
//
// It depends on nothing generated and holds no contract constant: intervals,
// attempts, event names, terminal events and tool tables are configuration,
// filled from the contract's tables (the generated constants). Items leave
// the readers as text for the bindings to decode; the state machines take
// decoded events through callbacks; time goes through a Scheduler, so tests
// and simulations run on ManualScheduler's virtual milliseconds.
//
// The rules are those of the C++, TypeScript and Python runtimes
// (docs/streams.md), proven by the shared vectors of tests/stream/ at every
// chunking. Framing problems are values (StreamError records, which are
// errors too); misuse is an error returned by the call.
package stream
