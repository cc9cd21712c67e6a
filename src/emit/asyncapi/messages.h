// The messages of a stream (ir::Stream) in AsyncAPI 3.0: one per value of the
// stream's tag (the event type: `data.type` of a chat-stream line, `op` of a
// packet, `datacontenttype` of a CloudEvent), and one more for "any other
// value" when the tag is open. Each message's payload is the item type
// narrowed to that tag value: the union variant the value selects when the
// item type names one, else the item with the tag fixed to the value.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "emit/target.h"

namespace contractgen::emit::asyncapi {

struct Message {
    std::string key;  // components/messages key: "<family>.<Stream>.<escaped tag value>"
    ir::json message;
};

std::vector<Message> stream_messages(const EmitContext& ctx, const ir::Stream& stream);

}  // namespace contractgen::emit::asyncapi
