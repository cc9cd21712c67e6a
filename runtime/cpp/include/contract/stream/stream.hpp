// The stream runtime: the contract's wire protocol in plain C++17 (nlohmann
// JSON for the replay and the GraphEvent migration only). It depends on no
// generated header: items come in as bytes and go out as text for the
// bindings to decode, state machines take decoded events through callbacks,
// and every contract constant is a configuration argument (the bindings fill
// them from the generated tables). Rules: docs/streams.md; the same API
// exists in TypeScript and Python.
#pragma once

#include "contract/stream/chat.hpp"
#include "contract/stream/ndjson.hpp"
#include "contract/stream/reconnect.hpp"
#include "contract/stream/routing.hpp"
#include "contract/stream/sequencer.hpp"
#include "contract/stream/sse.hpp"
#include "contract/stream/text.hpp"
#include "contract/stream/timing.hpp"
#include "contract/stream/writers.hpp"

namespace contract {
namespace stream {}  // namespace stream
}  // namespace contract
