// Test-only fault injection for the writer's crash-safety tests.
//
// When the environment variable CONTRACTGEN_TEST_KILL_AT=<n> is set, the
// process kills itself with SIGKILL just before its n-th change to the file
// system (creating a folder, creating or extending a file, renaming,
// removing, taking the lock). Tests use it to stop `generate` at every point
// of the write protocol and check that the next run recovers. (Files are
// staged on several threads: there, which file's change is the n-th may
// vary from run to run; every step is still reached.)
// CONTRACTGEN_TEST_FAIL_AT=<n> instead makes the n-th change fail with EIO,
// so that every error path (and its message) can be tested.
// Neither is a feature: nothing outside the tests sets them.
#pragma once

#include <system_error>

namespace contractgen::write::fault {

// Called by the writer before each change to the file system; a non-zero
// result is the error that change must fail with.
std::error_code before_change();

}  // namespace contractgen::write::fault
