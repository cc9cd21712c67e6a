// The stream runtime: the contract's wire protocol in plain TypeScript (no
// dependency). It depends on no generated module: items come in as bytes and
// go out as text for the bindings to decode, state machines take decoded
// events through callbacks, and every contract constant is a configuration
// argument (the bindings fill them from the generated tables). Rules:
// docs/streams.md; the same API exists in C++ and Python.
export * from "./readers.js";
export * from "./sse.js";
export * from "./writers.js";
export * from "./sequencer.js";
export * from "./timing.js";
export * from "./chat.js";
export * from "./routing.js";
export * from "./client_core.js";
export * from "./client_http.js";
