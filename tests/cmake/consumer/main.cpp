#include <iostream>

#include "demo/events/demo.hpp"

namespace events = demo::events;

int main() {
    auto ping = events::parse<events::demo::Ping>(R"({"seq": 1, "type": "ping"})");
    std::cout << events::dump(ping) << "\n";
    return ping.seq == 1 ? 0 : 1;
}
