// The state-machine and table vectors (chat_client, timers, replay, routing)
// through the C++ runtime; each throws Mismatch on a difference.
#pragma once

#include "support.hpp"

namespace streamtest {

void run_chat(const Json& c);
void run_timer(const Json& c);
void run_replay(const Json& c);
void run_routing(const Json& c);
// Misuse errors (each message once): not in the vectors.
void api_checks(const Json&);

}  // namespace streamtest
