export * from "./readers.js";
export * from "./sse.js";
export * from "./writers.js";
export * from "./sequencer.js";
export * from "./timing.js";
export * from "./chat.js";
export * from "./routing.js";
