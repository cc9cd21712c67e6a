// jemalloc's settings for the contractgen executable, read by jemalloc when
// the process starts (its documented `malloc_conf` global). Linked only into
// the executable, and only when it links jemalloc (CONTRACTGEN_JEMALLOC).
// MALLOC_CONF in the environment still overrides them.
//
// A run allocates its whole working set once and exits:
//  - memory freed early (a target's view models) is reused by later stages,
//    so returning it to the kernel only makes the next allocation fault the
//    pages in again: without decay jemalloc keeps freed pages;
//  - the working set (250 MB on the 2,000-type synthetic schema) is faulted
//    in 4 KiB at a time unless jemalloc asks for transparent huge pages:
//    with them, 61 k page faults become 5 k and the run takes a tenth less
//    wall time, for 30 MB more peak memory (bench/README.md, "Allocator
//    settings"). Where the kernel has huge pages off, the request is ignored.
extern "C" {
// NOLINTNEXTLINE: the name and type are jemalloc's interface.
const char* malloc_conf = "dirty_decay_ms:-1,muzzy_decay_ms:-1,thp:always";
}
