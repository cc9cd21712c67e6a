// jemalloc's settings for the contractgen executable, read by jemalloc when
// the process starts (its documented `malloc_conf` global). Linked only into
// the executable, and only when it links jemalloc (CONTRACTGEN_JEMALLOC).
//
// A run allocates its whole working set once and exits: memory freed early
// (a target's view models) is reused by later stages, so returning it to the
// kernel only makes the next allocation fault the pages in again. Without
// decay jemalloc keeps freed pages: a third fewer page faults on the 2,000-type
// synthetic schema (bench/README.md, "Allocator settings").
extern "C" {
// NOLINTNEXTLINE: the name and type are jemalloc's interface.
const char* malloc_conf = "dirty_decay_ms:-1,muzzy_decay_ms:-1";
}
